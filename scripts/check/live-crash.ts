/**
 * `npm run check:live-crash`: a stream whose reporter was connected when the server died
 * must still end by itself. Serves the built site over a fresh demo newsroom (127.0.0.1:CRASH_PORT,
 * default 8836; LIVE_GRACE_SECONDS=CRASH_GRACE_SECONDS, default 8), starts a stream, publishes the
 * MP4 camera fixture from Node (each chunk acknowledged), kills the server's whole process group with
 * SIGKILL (no close handler runs), serves it again over the same state, and waits for the stream to
 * end: it must, within the grace period, with every acknowledged byte in its recording. Prints what
 * it saw and a last line `RESULT {json}`; exits non-zero when a check failed. `--no-build` serves
 * the build already in dist/ (the e2e journey tests/e2e/live-crash.e2e.ts runs it so).
 */
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { concatBytes } from '../../src/media/bytes.ts';
import type { LiveManifest } from '../../src/media/live-protocol.ts';
import { makeMp4Seekable } from '../../src/media/mp4/mp4-recording.ts';
import { startDemoSite } from '../bench/demo-site.ts';
import { login, loopedFixture } from '../bench/live/live-bench.ts';
import { BenchPublisher } from '../bench/live/publisher.ts';
import { PublishedStream } from '../bench/live/stream-follower.ts';
import { serveBuild } from '../lib/serve-build.ts';

const port = Number(process.env.CRASH_PORT ?? 8836);
const grace = Number(process.env.CRASH_GRACE_SECONDS ?? 8);
const chunksBeforeCrash = 10;
const vars = { LIVE_GRACE_SECONDS: String(grace) };

function exited(pid: number): Promise<void> {
  return new Promise((resolve) => {
    const look = () => {
      try {
        process.kill(pid, 0);
        setTimeout(look, 100);
      } catch {
        resolve();
      }
    };
    look();
  });
}

async function ffprobeSummary(bytes: Uint8Array): Promise<string | null> {
  const file = path.join(tmpdir(), `live-crash-${process.pid}.mp4`);
  try {
    await writeFile(file, bytes);
    const { stdout, stderr } = await promisify(execFile)('ffprobe', [
      '-v',
      'warning',
      '-show_entries',
      'format=duration:stream=codec_name,codec_type',
      '-of',
      'compact',
      file,
    ]);
    return `${stdout.trim().replace(/\n/g, '; ')}${stderr.trim() ? ` (complaints: ${stderr.trim()})` : ''}`;
  } catch {
    return null;
  } finally {
    await rm(file, { force: true });
  }
}

const served = await startDemoSite({ port, build: !process.argv.includes('--no-build'), stateName: `crash-${port}`, vars });
let again: Awaited<ReturnType<typeof serveBuild>> | null = null;
try {
  const token = await login(served.baseUrl, { username: served.newsroom.reporters[0]!.username, password: served.newsroom.password });
  const started = await fetch(`${served.baseUrl}/api/streams/start`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'The lights go out at the station' }),
  });
  if (started.status !== 201) throw new Error(`starting a stream: HTTP ${started.status}`);
  const streamId = ((await started.json()) as { id: number }).id;
  const stream = new PublishedStream((await loopedFixture(2, 'mp4')).chunks, 0);
  const publisher = await BenchPublisher.connect(served.baseUrl, streamId, token, stream);
  for (let k = 0; k < chunksBeforeCrash; k++) await publisher.send(k);
  const acknowledged = stream.chunkEnds[chunksBeforeCrash - 1]!;
  console.log(
    `stream ${streamId}: ${acknowledged} bytes acknowledged (${chunksBeforeCrash} chunks); killing the process group ${served.pid} with SIGKILL`,
  );

  process.kill(-served.pid, 'SIGKILL');
  await exited(served.pid);
  const killedAt = Date.now();
  again = await serveBuild({ port, stateDir: served.stateDir, vars });
  const restartedAt = Date.now();
  console.log(
    `served again ${((restartedAt - killedAt) / 1000).toFixed(1)} s later; waiting for the stream to end by itself (grace ${grace} s)`,
  );

  let manifest: LiveManifest | null = null;
  while (Date.now() < restartedAt + (grace + 30) * 1000) {
    manifest = (await (await fetch(`${again.baseUrl}/api/streams/${streamId}/live`)).json()) as LiveManifest;
    if (manifest.state === 'ended' && manifest.videoUrl) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const endedAfterRestart = (Date.now() - restartedAt) / 1000;
  const active = (await (await fetch(`${again.baseUrl}/api/streams/active`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    id: number;
  }[];
  const recording = manifest?.videoUrl
    ? new Uint8Array(await (await fetch(`${again.baseUrl}${manifest.videoUrl}`)).arrayBuffer())
    : new Uint8Array();
  const expected = concatBytes(makeMp4Seekable(stream.bytes.subarray(0, acknowledged))!);
  const result = {
    streamId,
    graceSeconds: grace,
    restartSeconds: (restartedAt - killedAt) / 1000,
    ended: manifest?.state === 'ended',
    endedAfterRestartSeconds: endedAfterRestart,
    stillListedActive: active.some((s) => s.id === streamId),
    videoUrl: manifest?.videoUrl ?? null,
    acknowledgedBytes: acknowledged,
    recordingHoldsEveryAcknowledgedByte: Buffer.compare(Buffer.from(recording), Buffer.from(expected)) === 0,
    ffprobe: await ffprobeSummary(recording),
  };
  console.log(
    `ended ${result.ended ? `by itself ${endedAfterRestart.toFixed(1)} s after the restart` : 'NOT'}; recording ${result.videoUrl} holds every acknowledged byte: ${result.recordingHoldsEveryAcknowledgedByte}`,
  );
  if (result.ffprobe) console.log(`ffprobe: ${result.ffprobe}`);
  console.log(`RESULT ${JSON.stringify(result)}`);
  process.exitCode =
    result.ended && !result.stillListedActive && result.recordingHoldsEveryAcknowledgedByte && endedAfterRestart < grace + 5 ? 0 : 1;
} finally {
  await again?.stop();
  await served.stop();
}
