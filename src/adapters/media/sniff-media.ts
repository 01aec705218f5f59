import { fileTypeFromBuffer } from 'file-type/core';
import { acceptedMedia, type AcceptedMedia } from '../../domain/media/media-types.ts';
import type { MediaSniffer } from '../../domain/media/ports.ts';

/** file-type looks at most this far into a file for the types we accept. */
export const SNIFF_BYTES = 4100;

/** The accepted media type of a file from its first bytes, or null when it is not one we take. */
export async function sniffMedia(head: Uint8Array): Promise<AcceptedMedia | null> {
  return acceptedMedia(await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES)));
}

/** The sniffer the upload services use (domain/media/ports.ts). */
export const mediaSniffer: MediaSniffer = { headBytes: SNIFF_BYTES, sniff: sniffMedia };
