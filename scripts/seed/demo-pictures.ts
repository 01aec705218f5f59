import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../lib/project.ts';
import type { DemoPictureReader } from './seed-demo-newsroom.ts';

/** The demo pictures' bytes from public/demo (rendered by scripts/generators/demo-images.ts); null for a file that is not there. */
export const readDemoPicture: DemoPictureReader = async (file) => {
  if (!/^[\w-]+\.webp$/.test(file)) return null;
  try {
    return new Uint8Array(await readFile(path.join(projectRoot, 'public', 'demo', file)));
  } catch {
    return null;
  }
};
