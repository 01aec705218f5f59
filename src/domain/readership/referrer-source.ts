import type { ViewSource } from './readership.ts';

/**
 * Where a reader came from, decided by the referrer's host against the lists below
 * (docs/product/api-analytics.md "Sources" has the same lists for people). A host matches an entry
 * when it is the entry or a subdomain of it; an entry ending in `.*` matches that name under any
 * country or generic suffix (`google.*`: google.com, google.co.uk, google.de). Webmail is tried first
 * (mail.yahoo.com is mail, not search), then news (news.google.com is news, not search), then search,
 * then social; any other host is `other`. No referrer, or a page of this site, is `direct` with no host.
 * A link from one of our newsletters says so itself (`utm_medium=email`, viewOrigin), whatever its referrer.
 */

/** Webmail sites and mail apps, for a link in a mail that carries no `utm_medium` (one a reader forwarded, say). */
export const EMAIL_HOSTS: readonly string[] = [
  'mail.google.com',
  'com.google.android.gm',
  'outlook.live.com',
  'outlook.office.com',
  'outlook.office365.com',
  'mail.yahoo.com',
  'mail.aol.com',
  'mail.proton.me',
  'mail.protonmail.com',
  'app.fastmail.com',
  'mail.yandex.ru',
  'mail.zoho.com',
  'mail.gmx.net',
  'mail.gmx.com',
  'navigator-bs.gmx.com',
  'webmail.web.de',
];

/** Aggregators and readers that send people to stories. */
export const NEWS_HOSTS: readonly string[] = [
  'news.google.*',
  'news.url.google.com',
  'news.yahoo.*',
  'apple.news',
  'flipboard.com',
  'smartnews.com',
  'newsbreak.com',
  'newsbreakapp.com',
  'msn.com',
  'ground.news',
  'newsnow.co.uk',
  'newsnow.com',
  'drudgereport.com',
  'techmeme.com',
  'memeorandum.com',
  'allsides.com',
  'upday.com',
  'digg.com',
  'feedly.com',
  'inoreader.com',
  'newsblur.com',
  'theoldreader.com',
  'getpocket.com',
  'particle.news',
];

/** Search engines and answer engines; `com.google.android.googlequicksearchbox` is the Google app on Android. */
export const SEARCH_HOSTS: readonly string[] = [
  'google.*',
  'bing.com',
  'duckduckgo.com',
  'search.yahoo.com',
  'yahoo.*',
  'yandex.*',
  'ya.ru',
  'baidu.com',
  'ecosia.org',
  'qwant.com',
  'startpage.com',
  'search.brave.com',
  'kagi.com',
  'naver.com',
  'seznam.cz',
  'so.com',
  'sogou.com',
  'ask.com',
  'aol.com',
  'perplexity.ai',
  'chatgpt.com',
  'copilot.microsoft.com',
  'com.google.android.googlequicksearchbox',
];

/** Social networks, link shorteners they use, and messengers that show links. */
export const SOCIAL_HOSTS: readonly string[] = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'messenger.com',
  'instagram.com',
  't.co',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'lnkd.in',
  'reddit.com',
  'redd.it',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'pinterest.*',
  'pin.it',
  'threads.net',
  'threads.com',
  'bsky.app',
  'mastodon.social',
  'mastodon.online',
  'mstdn.social',
  'tumblr.com',
  'snapchat.com',
  'vk.com',
  'weibo.com',
  't.me',
  'telegram.org',
  'whatsapp.com',
  'wa.me',
  'discord.com',
  'discordapp.com',
  'quora.com',
  'news.ycombinator.com',
  'lemmy.world',
  'line.me',
  'com.linkedin.android',
  'com.reddit.frontpage',
];

/** A source's list, in the order they are tried. */
const LISTS: readonly [ViewSource, readonly string[]][] = [
  ['email', EMAIL_HOSTS],
  ['news', NEWS_HOSTS],
  ['search', SEARCH_HOSTS],
  ['social', SOCIAL_HOSTS],
];

/** `name.*`: the name, then one generic or country suffix, optionally under a second-level one (co.uk, com.au). */
const ANY_SUFFIX = /^[a-z]{2,6}(\.[a-z]{2})?$/;

export function hostMatches(host: string, entry: string): boolean {
  if (!entry.endsWith('.*')) return host === entry || host.endsWith(`.${entry}`);
  const name = entry.slice(0, -1);
  // The name may start the host or follow any dot in it; what is left must be one suffix.
  for (let at = 0; at >= 0; at = host.indexOf('.', at) + 1 || -1) {
    if (host.startsWith(name, at) && ANY_SUFFIX.test(host.slice(at + name.length))) return true;
  }
  return false;
}

/** A host as the figures show it: lower case, no trailing dot, no leading `www.`. */
export function normalHost(host: string): string {
  const lower = host.toLowerCase().replace(/\.$/, '');
  return lower.startsWith('www.') ? lower.slice(4) : lower;
}

export function sourceOfHost(host: string): ViewSource {
  for (const [source, entries] of LISTS) if (entries.some((entry) => hostMatches(host, entry))) return source;
  return 'other';
}

export interface ReferrerFacts {
  /** Null for no referrer, or a page of this site. */
  host: string | null;
  source: ViewSource;
}

/** The longest name DNS allows (RFC 1035: 255 octets on the wire, 253 characters written out). */
export const MAX_HOST_LENGTH = 253;
const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A DNS name as the figures keep it: at most 253 characters of letters, digits and hyphens in dot-separated labels of at most
 * 63, with a letter somewhere in its last label (so an IPv4 address is not one). URL parsing has already lowered the case
 * and turned international names into their xn-- form.
 */
export function isDnsName(host: string): boolean {
  if (host.length === 0 || host.length > MAX_HOST_LENGTH) return false;
  const labels = host.split('.');
  return labels.every((label) => DNS_LABEL.test(label)) && /[a-z]/.test(labels[labels.length - 1]!);
}

/**
 * Parses `document.referrer` as sent (a URL, or empty); `siteHost` is the host the view was counted on. A host that is no
 * DNS name (an address, a 300-character name no one links from) is `other` with no host: it is no place to thank or watch,
 * and only DNS names are kept in the figures.
 */
export function referrerSource(referrer: string | null | undefined, siteHost: string): ReferrerFacts {
  const text = referrer?.trim() ?? '';
  if (text === '') return { host: null, source: 'direct' };
  let hostname: string;
  try {
    hostname = new URL(text).hostname;
  } catch {
    return { host: null, source: 'direct' };
  }
  const host = normalHost(hostname);
  if (host === '' || host === normalHost(siteHost)) return { host: null, source: 'direct' };
  if (!isDnsName(host)) return { host: null, source: 'other' };
  return { host, source: sourceOfHost(host) };
}

/** A referrer the API accepts: empty, or an absolute URL with a host (http, https, android-app, ...). */
export function isReferrer(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The `utm_medium` values that mean a link in an email, as Google Analytics' "Email" channel reads them; our newsletters'
 * links say `email` (domain/newsletters/rules.ts).
 */
const EMAIL_MEDIUMS: readonly string[] = ['email', 'e-mail', 'e_mail', 'e mail'];
export const EMAIL_UTM_MEDIUM = 'email';

/** The longest `utm_medium` the beacon may send; campaign tools write a word or two. */
export const UTM_MEDIUM_MAX_LENGTH = 100;

/** What the reader's page says about how it was reached: its `document.referrer`, and the landing URL's `utm_medium`. */
export interface Arrival {
  referrer: string | null | undefined;
  utmMedium?: string | null | undefined;
}

/**
 * Where a counted view came from: the referrer's host and source, except that a link tagged `utm_medium=email` (a
 * newsletter's) is `email` whatever the referrer was. The host stays as the referrer gave it (a webmail's, or `null`: mail
 * apps send none), so the referrers still say which mail sites readers read on.
 */
export function viewOrigin(arrival: Arrival, siteHost: string): ReferrerFacts {
  const facts = referrerSource(arrival.referrer, siteHost);
  const medium = arrival.utmMedium?.trim().toLowerCase() ?? '';
  return EMAIL_MEDIUMS.includes(medium) ? { ...facts, source: 'email' } : facts;
}
