import { secureHeaders } from 'hono/secure-headers';

const YOUTUBE_FRAMES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

/**
 * Headers for every response: a CSP that allows only our own scripts (no inline ones) and
 * YouTube's player in frames, nosniff, and a referrer policy YouTube's embeds accept
 * (no-referrer breaks them). `dev` admits Vite's inline HMR preamble during `npm run dev` only.
 */
export function securityHeaders({ dev }: { dev: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
      // Story HTML carries colour, font and alignment as style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
      mediaSrc: ["'self'", 'https:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
      frameSrc: YOUTUBE_FRAMES,
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    crossOriginOpenerPolicy: 'same-origin',
    // Media is shown by YouTube frames and our own pages; keep the default same-origin resource policy off.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: {
      camera: ['self'],
      microphone: ['self'],
      geolocation: [],
      payment: [],
      usb: [],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    // A route that sets one of these itself (media's sandboxing CSP) keeps its own.
    overwrite: false,
  });
}
