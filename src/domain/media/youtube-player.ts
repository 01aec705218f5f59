/**
 * What the YouTube player may use, autoplay among it (it is loaded by the reader's tap). Apart from
 * video-source.ts so that the reader's islands, which need only this, do not carry the link parser.
 */
export const YOUTUBE_PLAYER_ALLOW = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture';
