import type { BeatRef } from '../story/entities.ts';
import { beatPath, site } from './site.ts';

/** The newsroom's outside channels and the footer's sections, in one place (docs/product/screens.md). */

export interface ExternalLink {
  label: string;
  href: string;
}

export const videoChannelLinks: readonly ExternalLink[] = [
  { label: 'Main Channel', href: 'https://www.youtube.com/@TheNewsroom' },
  { label: 'Shorts', href: 'https://www.youtube.com/@TheNewsroom/shorts' },
  { label: 'Videos', href: 'https://www.youtube.com/@TheNewsroom/videos' },
];

/** A news aggregator, a short-video site and a social network. */
export const otherChannelLinks: readonly ExternalLink[] = [
  { label: 'Google News', href: 'https://news.google.com/search?q=%22The%20Newsroom%22' },
  { label: 'TikTok', href: 'https://www.tiktok.com/@thenewsroom' },
  { label: 'X', href: 'https://x.com/TheNewsroom' },
];

/** Footer news sections: each opens the story list filtered to the beat of that name. */
export const newsSections = [
  { label: 'Breaking News', beat: 'breaking-news' },
  { label: 'Politics', beat: 'politics' },
  { label: 'Local News', beat: 'local-news' },
  { label: 'Investigations', beat: 'investigations' },
] as const;

export const aboutSections = [
  { label: 'Our Mission', hash: 'mission' },
  { label: 'Meet Our Team', hash: 'team' },
  { label: 'Contact Us', hash: 'contact' },
  { label: 'Careers', hash: 'careers' },
] as const;

export const SITE_NAME = site.name;
export const TAGLINE = site.tagline;
export const NEWSROOM_EMAIL = 'newsroom@thenewsroom.example';

/** The footer's News links are the beats that exist (docs/product/screens.md): at most this many. */
export const FOOTER_BEATS = 6;

/** The footer's News links: the beats that exist, those docs/product names first, then by name. */
export function footerBeatLinks(beats: readonly BeatRef[]): { href: string; label: string }[] {
  const named = new Map<string, number>(newsSections.map((section, index) => [section.beat, index]));
  return [...beats]
    .sort((a, b) => (named.get(a.slug) ?? named.size) - (named.get(b.slug) ?? named.size) || a.name.localeCompare(b.name))
    .slice(0, FOOTER_BEATS)
    .map((beat) => ({ href: beatPath(beat), label: beat.name }));
}
