import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EbmlError, EbmlId, encodeElement, encodeId, encodeUintElement } from './ebml.ts';
import { concatBytes } from '../bytes.ts';
import { WebmScanner, mimeTypeOf, syncTrackOf, type ScanEvent } from './webm-scanner.ts';
import { syntheticCluster, syntheticInit } from '../../../tests/api/support/synthetic-webm.ts';

const camera = new Uint8Array(readFileSync(new URL('../../../tests/fixtures/camera-vp9-opus.webm', import.meta.url)));
const cameraChunks: number[] = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/camera-vp9-opus.chunks.json', import.meta.url), 'utf8'),
);

function scanInPieces(bytes: Uint8Array, pieceSize: number): ScanEvent[] {
  const scanner = new WebmScanner();
  const events: ScanEvent[] = [];
  for (let offset = 0; offset < bytes.length; offset += pieceSize) events.push(...scanner.push(bytes.subarray(offset, offset + pieceSize)));
  return events;
}

/** Where an unknown-size Cluster header appears, found by searching the raw bytes. */
function clusterOffsetsBySearch(bytes: Uint8Array): number[] {
  const header = [0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  const found: number[] = [];
  for (let i = 0; i + header.length <= bytes.length; i++) {
    if (header.every((b, j) => bytes[i + j] === b)) found.push(i);
  }
  return found;
}

describe('WebmScanner on a real MediaRecorder recording', () => {
  const events = scanInPieces(camera, camera.length);

  it('finds the initialisation segment and its tracks', () => {
    const init = events.find((e) => e.kind === 'init');
    expect(init?.kind).toBe('init');
    if (init?.kind !== 'init') return;
    const firstCluster = clusterOffsetsBySearch(camera)[0]!;
    expect(init.init.bytes).toEqual(camera.subarray(0, firstCluster));
    expect(init.init.docType).toBe('webm');
    expect(init.init.timecodeScale).toBe(1_000_000);
    expect(init.init.tracks.map((t) => [t.kind, t.codecId])).toEqual([
      ['audio', 'A_OPUS'],
      ['video', 'V_VP9'],
    ]);
    expect(mimeTypeOf(init.init)).toBe('video/webm; codecs="opus,vp9"');
    expect(syncTrackOf(init.init)).toBe(2);
  });

  it('reports every Cluster where it starts', () => {
    const clusters = events.filter((e) => e.kind === 'cluster').map((e) => e.offset);
    expect(clusters).toEqual(clusterOffsetsBySearch(camera));
    expect(clusters.length).toBeGreaterThan(5);
  });

  it('reports blocks in time order per track, with the video keyframes', () => {
    const blocks = events.filter((e) => e.kind === 'block');
    const video = blocks.filter((b) => b.track === 2);
    expect(video.length).toBeGreaterThan(100);
    for (let i = 1; i < video.length; i++) expect(video[i]!.time).toBeGreaterThan(video[i - 1]!.time);
    expect(video[0]!.keyframe).toBe(true);
    expect(video.filter((b) => b.keyframe).length).toBeGreaterThanOrEqual(2);
    expect(video.at(-1)!.time).toBeGreaterThan(7000);
  });

  it('gives the same events whatever the chunking, also one byte at a time and across snapshots', () => {
    expect(scanInPieces(camera, 1)).toEqual(events);
    expect(scanInPieces(camera, 7)).toEqual(events);

    const restored: ScanEvent[] = [];
    let scanner = new WebmScanner();
    let offset = 0;
    for (const size of cameraChunks) {
      restored.push(...scanner.push(camera.subarray(offset, offset + size)));
      offset += size;
      scanner = WebmScanner.restore(JSON.parse(JSON.stringify(scanner.snapshot())));
    }
    expect(restored).toEqual(events);
    expect(scanner.received).toBe(camera.length);
  });
});

describe('WebmScanner on malformed or unusual input', () => {
  it('refuses bytes that are not EBML', () => {
    expect(() => new WebmScanner().push(new TextEncoder().encode('<html><body>not a video</body></html>'))).toThrow(EbmlError);
  });

  it('refuses a second EBML header in the middle of a stream', () => {
    const scanner = new WebmScanner();
    scanner.push(concatBytes([syntheticInit(), syntheticCluster({ timecode: 0, keyframe: true }, 10)]));
    expect(() => scanner.push(syntheticInit())).toThrow(EbmlError);
  });

  it('refuses a stream with no Cluster in its first MiB', () => {
    const scanner = new WebmScanner();
    const init = syntheticInit();
    const junk = encodeElement(EbmlId.Void, new Uint8Array(1024 * 1024));
    expect(() => scanner.push(concatBytes([init, junk, junk]))).toThrow(EbmlError);
  });

  it('treats a BlockGroup as a keyframe only without a ReferenceBlock', () => {
    const block = (time: number) => encodeElement(EbmlId.Block, Uint8Array.of(0x82, 0, time, 0, 1, 2, 3));
    const cluster = concatBytes([
      encodeId(EbmlId.Cluster),
      Uint8Array.of(0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
      encodeUintElement(EbmlId.Timecode, 500),
      encodeElement(EbmlId.BlockGroup, [block(0)]),
      encodeElement(EbmlId.BlockGroup, [block(40), encodeUintElement(EbmlId.ReferenceBlock, 40)]),
    ]);
    const events = scanInPieces(concatBytes([syntheticInit(), cluster]), 3).filter((e) => e.kind === 'block');
    expect(events.map((e) => [e.track, e.time, e.keyframe])).toEqual([
      [2, 500, true],
      [2, 540, false],
    ]);
  });
});
