/**
 * What a reader asks to have on their lock screen (docs/product/api-alerts.md): breaking news, and
 * any beat. The API spells a topic `breaking` or `beat:{slug}`; D1 keeps a beat's topic by the
 * beat's id (`beat:{id}`), because a beat's slug follows its name (decision 036) and a renamed beat
 * must keep its subscribers.
 */
export const BREAKING = 'breaking';

/** A topic as stored and as alerts are sent: `breaking` or `beat:{beat id}`. */
export type TopicKey = typeof BREAKING | `beat:${number}`;

const BEAT_PREFIX = 'beat:';

/** A topic as the API spells it. */
export const TOPIC_PATTERN = /^(breaking|beat:[a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** A beat's topic as the API spells it. */
export const beatTopic = (slug: string) => `${BEAT_PREFIX}${slug}`;

/** The beat's slug of an API topic, or null for breaking news. */
export function beatSlugOf(topic: string): string | null {
  return topic.startsWith(BEAT_PREFIX) ? topic.slice(BEAT_PREFIX.length) : null;
}

export function beatTopicKey(beatId: number): TopicKey {
  return `${BEAT_PREFIX}${beatId}`;
}

/** The beat's id of a stored topic, or null for breaking news. */
export function beatIdOf(key: TopicKey): number | null {
  return key.startsWith(BEAT_PREFIX) ? Number(key.slice(BEAT_PREFIX.length)) : null;
}

/** A stored topic back in the API's spelling, given the beats (a beat that is gone drops out). */
export function topicOfKey(key: TopicKey, beatSlugs: ReadonlyMap<number, string>): string | null {
  const beatId = beatIdOf(key);
  if (beatId === null) return BREAKING;
  const slug = beatSlugs.get(beatId);
  return slug === undefined ? null : `${BEAT_PREFIX}${slug}`;
}

/**
 * The `Topic` header of an alert on this topic (RFC 8030 section 5.4: at most 32 characters of the
 * URL-safe base64 alphabet). A push service keeps only the newest message per topic for a device
 * that is offline, so a reader who comes back gets the latest breaking news, not a queue of it.
 */
export function pushTopicHeader(key: TopicKey): string {
  const beatId = beatIdOf(key);
  return beatId === null ? BREAKING : `beat-${beatId}`;
}
