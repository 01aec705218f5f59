/**
 * The newest stream bytes from some offset on: enough for a viewer who joins late to start at the
 * latest keyframe Cluster instead of waiting for the next one. Memory only; after the room wakes
 * from hibernation it starts empty and late viewers wait for the next keyframe.
 */
export class JoinBuffer {
  private start = 0;
  private pieces: Uint8Array[] = [];
  private length = 0;

  get size(): number {
    return this.length;
  }

  append(offset: number, bytes: Uint8Array): void {
    if (this.pieces.length === 0 || offset !== this.start + this.length) {
      this.start = offset;
      this.pieces = [];
      this.length = 0;
    }
    this.pieces.push(bytes);
    this.length += bytes.length;
  }

  /** Forgets the bytes before `offset`. */
  trimTo(offset: number): void {
    while (this.pieces.length > 0 && this.start + this.pieces[0]!.length <= offset) {
      const first = this.pieces.shift()!;
      this.start += first.length;
      this.length -= first.length;
    }
    if (this.pieces.length > 0 && offset > this.start) {
      const cut = offset - this.start;
      this.pieces[0] = this.pieces[0]!.subarray(cut);
      this.start = offset;
      this.length -= cut;
    }
  }

  /** The bytes from `offset` to the newest, or null when they are no longer (or not yet) held. */
  from(offset: number): Uint8Array[] | null {
    if (offset < this.start || offset > this.start + this.length) return null;
    const out: Uint8Array[] = [];
    let at = this.start;
    for (const piece of this.pieces) {
      const end = at + piece.length;
      if (end > offset) out.push(offset > at ? piece.subarray(offset - at) : piece);
      at = end;
    }
    return out;
  }

  clear(): void {
    this.pieces = [];
    this.length = 0;
  }
}
