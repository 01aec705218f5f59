import { BREAKING, beatSlugOf, beatTopicKey, topicOfKey, type TopicKey } from '../../domain/alerts/topics.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';

/** API topics (`breaking`, `beat:{slug}`) to stored ones (`beat:{id}`); an unknown beat is a 400 on `field`. */
export async function topicKeysOf(beats: Pick<BeatRepository, 'list'>, topics: readonly string[], field: string): Promise<TopicKey[]> {
  const needsBeats = topics.some((topic) => topic !== BREAKING);
  const bySlug = new Map(needsBeats ? (await beats.list()).map((beat) => [beat.slug, beat.id]) : []);
  return topics.map((topic) => {
    const slug = beatSlugOf(topic);
    if (slug === null) return BREAKING;
    const id = bySlug.get(slug);
    if (id === undefined) throw new ValidationError({ [field]: `There is no beat "${slug}"` });
    return beatTopicKey(id);
  });
}

/** A stored topic in the API's spelling (a beat by its slug now). */
export async function topicOfStored(beats: Pick<BeatRepository, 'list'>, key: TopicKey): Promise<string> {
  if (key === BREAKING) return BREAKING;
  return topicOfKey(key, new Map((await beats.list()).map((beat) => [beat.id, beat.slug]))) ?? key;
}
