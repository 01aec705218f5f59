/**
 * Renders tests/fixtures/harbour-photo.jpg: a 1600x900 JPEG with a photograph's texture (gradients
 * and grain, no flat areas), for the tests of resized pictures and the editor's picture upload; and
 * tests/fixtures/levee-480.webp, a demo picture at 480 px, for the tests that make every width of a
 * picture (AVIF is slow to encode on a laptop: a small original keeps them quick).
 * Run once: `npx tsx scripts/generators/picture-fixture.ts`; commit the output.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../lib/project.ts';

const WIDTH = 1600;
const HEIGHT = 900;

/** Deterministic grain, so a re-render gives the same file. */
function grain(seed: number): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = seed;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      state = (state * 1664525 + 1013904223) % 4294967296;
      const noise = (state / 4294967296) * 40 - 20;
      const sky = y < HEIGHT * 0.55;
      const base = sky
        ? [120 + (y / HEIGHT) * 90, 150 + (y / HEIGHT) * 60, 200]
        : [40 + (x / WIDTH) * 40, 70 + Math.sin(x / 37 + y / 11) * 25, 90 + (y / HEIGHT) * 40];
      const i = (y * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, Math.round(base[c]! + noise)));
    }
  }
  return pixels;
}

const out = join(projectRoot, 'tests', 'fixtures', 'harbour-photo.jpg');
await sharp(grain(7), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
  .jpeg({ quality: 82 })
  .toFile(out);
console.log(`Wrote ${out}`);

const small = join(projectRoot, 'tests', 'fixtures', 'levee-480.webp');
await sharp(join(projectRoot, 'public', 'demo', 'levee-breach.webp'))
  .resize({ width: 480 })
  .webp({ quality: 80 })
  .toFile(small);
console.log(`Wrote ${small}`);
