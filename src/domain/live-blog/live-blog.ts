import type { Story, StoryAuthor } from '../story/entities.ts';
import { storyText } from '../story/story-text.ts';
import { authorName } from '../story/byline.ts';
import { countOf } from '../plural.ts';

/** An update's text, in characters (its HTML may be longer: links, lists, pictures). */
export const UPDATE_TEXT_MAX = 20_000;

/** What one update's sanitised HTML may take in the database, whatever its text. */
export const UPDATE_HTML_MAX = 200_000;

/** A page of updates: by default, and at most (docs/product/api-liveblogs.md). */
export const UPDATES_PAGE_DEFAULT = 20;

export const UPDATES_PAGE_MAX = 100;

export function isLiveBlog(story: Pick<Story, 'format'>): boolean {
  return story.format === 'liveblog';
}

/** A live blog whose coverage is live: it takes new updates, and the home page marks it LIVE. */
export function isCoverageLive(story: Pick<Story, 'format' | 'coverage'>): boolean {
  return story.format === 'liveblog' && story.coverage === 'live';
}

/** When the coverage started, for search engines: its first publication, else its creation. */
export function coverageStartTime(story: Pick<Story, 'publishedAt' | 'createdAt'>): string {
  return story.publishedAt ?? story.createdAt;
}

/** The text shown for an update where only a line fits (key events, feeds, search engines): its first words. */
export function updateHeadline(text: string, max = 110): string {
  const line = text.trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Tags that end a line of text; any other tag (strong, em, a...) sits inside a word run. */
const BLOCK_TAG = /<\/?(p|br|hr|li|ul|ol|h[1-6]|div|blockquote|pre|figure|figcaption|iframe|video|img|table|tr|td|th)\b[^>]*>/gi;

/** An update's body as plain text, as a reader would read it aloud: "Polls close in <b>the east</b>." is "Polls close in the east." */
export function updateText(html: string): string {
  return storyText(html.replace(BLOCK_TAG, ' ').replace(/<[^>]*>/g, ''));
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string | undefined, withDay: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${withDay}`;
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(withDay ? { day: 'numeric', month: 'short' } : {}),
      timeZone,
    });
    clockFormats.set(key, format);
  }
  return format;
}

/** A date's calendar day (YYYY-MM-DD) in the time zone, one format per zone like clockFormats. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayOf(value: string, timeZone: string | undefined): string {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone });
    dayFormats.set(key, format);
  }
  return format.format(new Date(value));
}

/**
 * An update's time as live blogs show it: "14:05" on the day it is read, "23 Nov, 14:05" before;
 * in the reader's time zone, or in the one given (the worker's pages say UTC and mark it).
 */
export function updateTime(iso: string, now: string, timeZone?: string): string {
  const text = clockFormat(timeZone, dayOf(iso, timeZone) !== dayOf(now, timeZone)).format(new Date(iso));
  return timeZone === 'UTC' ? `${text} UTC` : text;
}

/**
 * The view of an update; `time` is its time as shown (updateTime). Its shape is the page contract's
 * UpdateMarkupView (src/reader/live-blog/live-blog-markup.tsx), checked where the two meet: the domain imports nothing outside it.
 */
export function updateView(
  update: { id: number; body: string; author: StoryAuthor; keyEvent: boolean; pinned: boolean; createdAt: string },
  time: string,
) {
  return {
    id: update.id,
    bodyHtml: update.body,
    author: authorName(update.author),
    iso: update.createdAt,
    time,
    keyEvent: update.keyEvent,
    pinned: update.pinned,
    headline: updateHeadline(updateText(update.body)),
  };
}

/** "1 new update", "3 new updates": the button that brings a reader who scrolled down to them. */
export function newUpdatesLabel(count: number): string {
  return countOf(count, 'new update', 'new updates', String);
}
