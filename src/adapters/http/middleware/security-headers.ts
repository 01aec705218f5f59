import { secureHeaders } from 'hono/secure-headers';

const YOUTUBE_FRAMES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

/**
 * Headers for every response: a CSP that allows only our own scripts (no inline ones) and
 * YouTube's player in frames, nosniff, and a referrer policy YouTube's embeds accept
 * (no-referrer breaks them). Only headers a current browser acts on: each costs every answer. `dev` admits Vite's inline HMR preamble during `npm run dev` only.
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
    // Headers no browser in use reads any more (IE's download prompt and XSS filter, Flash's
    // cross-domain policies), or that only turn a speed-up off (DNS prefetch): every answer
    // carried them through each hop of the local server for nothing (decision 039).
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    // A route that sets one of these itself (media's sandboxing CSP) keeps its own.
    overwrite: false,
  });
}
