/** What a story's video link plays as: a YouTube embed, a file in a native player, or nothing. */
export type VideoSource = { kind: 'youtube'; id: string; embedUrl: string; watchUrl: string } | { kind: 'file'; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** The video id of a YouTube watch, shorts, live, embed or youtu.be link; null for anything else. */
export function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') candidate = url.pathname.split('/')[1];
  else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') candidate = url.searchParams.get('v');
    else if (first === 'shorts' || first === 'embed' || first === 'live' || first === 'v') candidate = second;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** "t=90", "t=1m30s" or "start=90" as whole seconds. */
function startSeconds(url: URL): number | null {
  const raw = url.searchParams.get('start') ?? url.searchParams.get('t');
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(raw);
  if (!match) return null;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * docs/product/screens.md: YouTube links become an embed on the privacy-enhanced host, related
 * videos hidden and controls shown, loaded only when the reader taps the video's facade (the story's
 * picture and a play button), so it plays at once (autoplay: the tap was the reader's); any other
 * http(s) or site-relative link plays as a file. Anything else (blank, javascript:, data:) plays as nothing.
 */
export function videoSource(raw: string | null | undefined, base = 'https://invalid.example'): VideoSource | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const id = youtubeId(url);
  if (id) {
    const params = new URLSearchParams({ autoplay: '1', rel: '0', controls: '1' });
    const start = startSeconds(url);
    if (start) params.set('start', String(start));
    return {
      kind: 'youtube',
      id,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}?${params}`,
      watchUrl: `https://www.youtube.com/watch?v=${id}`,
    };
  }
  const siteRelative = value.startsWith('/') && !value.startsWith('//');
  return { kind: 'file', src: siteRelative ? value : url.href };
}
