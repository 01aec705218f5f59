/** Byte plumbing every container needs. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A byte overwrite at a stream offset (a recorder's mistake put right; see src/media/mp4/recorder-quirks.ts). */
export interface BytePatchAt {
  offset: number;
  bytes: Uint8Array;
}

/** `bytes` (whose first byte is at stream offset `at`) with the patches that fall inside it applied, as a copy; `bytes` itself when none does. */
export function applyPatches(bytes: Uint8Array, at: number, patches: readonly BytePatchAt[]): Uint8Array {
  let out = bytes;
  for (const patch of patches) {
    for (let i = 0; i < patch.bytes.length; i++) {
      const index = patch.offset + i - at;
      if (index < 0 || index >= bytes.length) continue;
      if (out === bytes) out = bytes.slice();
      out[index] = patch.bytes[i]!;
    }
  }
  return out;
}
