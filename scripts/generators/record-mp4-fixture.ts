/**
 * Records a real MediaRecorder fragmented MP4 (H.264 + Opus, as this machine's Chromium records
 * `video/mp4;codecs=avc1.64001F,opus`; 1-second timeslices; a keyframe asked for every second, as
 * the live publisher asks) from Chromium's fake camera and microphone, and writes it with the byte
 * length of every chunk the recorder emitted. Run once; the output is committed under tests/fixtures/.
 * Its quirks are the recorder's own and are kept (docs/decisions/040-live-mp4-from-the-recorder.md).
 *
 *   npx tsx scripts/generators/record-mp4-fixture.ts [seconds] [outBase]
 */
import { recordCameraFixture } from './camera-fixture.ts';

await recordCameraFixture({
  mimeType: 'video/mp4;codecs=avc1.64001F,opus',
  options: { videoKeyFrameIntervalDuration: 1000 },
  seconds: Number(process.argv[2] ?? 8),
  outBase: process.argv[3] ?? 'tests/fixtures/camera-h264-opus',
  extension: 'mp4',
});
