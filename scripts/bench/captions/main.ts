/**
 * `npm run bench:captions`: the recorded half (recorded.ts: an hour of video, its audio
 * in pieces to a 2-s transcriber) and the live half (live.ts: streams on air at once, the lag of
 * each cue behind the live edge). BENCH_CAPTIONS_HALF=recorded or live runs one of them.
 */
const half = process.env.BENCH_CAPTIONS_HALF ?? 'both';
if (half !== 'live') await import('./recorded.ts');
if (half !== 'recorded') await import('./live.ts');
export {};
