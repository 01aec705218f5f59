/**
 * Bytes as base64 text and back: state a Durable Object keeps as JSON, password hashes, tokens,
 * sealed secrets and passkeys (base64url). Decoding what does not decode gives no bytes rather than
 * throwing: text from a client or a stored row that is not base64 is simply wrong, never a crash.
 */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Base64url (or plain base64) back to bytes; empty when it does not decode, as fromBase64. */
export function fromBase64Url(text: string): Uint8Array {
  return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
}
