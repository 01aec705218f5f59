/**
 * Records a real MediaRecorder WebM (VP9 + Opus, 1-second timeslices, Chromium's fake camera and
 * microphone) and writes it with the byte length of every chunk the recorder emitted, so tests can
 * replay exactly what a browser sends. Run once; the output is committed under tests/fixtures/.
 *
 *   npx tsx scripts/generators/record-webm-fixture.ts [seconds] [outBase]
 */
import { recordCameraFixture } from './camera-fixture.ts';

await recordCameraFixture({
  mimeType: 'video/webm;codecs=vp9,opus',
  seconds: Number(process.argv[2] ?? 7),
  outBase: process.argv[3] ?? 'tests/fixtures/camera-vp9-opus',
  extension: 'webm',
});
