import { storyText } from '../../src/domain/story/story-text.ts';
import { slugify } from '../../src/domain/story/slug.ts';

/**
 * A news archive of realistic size for the search benchmark (docs/decisions/035): published
 * stories of 120 to 900 words drawn from a vocabulary of real words and made-up ones with a
 * Zipf-like spread, the way words spread in real text (a few very common, most rare). Seeded,
 * so every run writes the same archive. The five benchmark queries are planted at known rates.
 */

/** mulberry32: small, fast and good enough to spread words. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = (
  'the of and to a in that is was he for it with as his on be at by had are but from or have an they which one you were her all she there would ' +
  'their we him been has when who will more no if out so said what up its about into than them can only other new some could time these two may ' +
  'then do first any my now such like our over man me even most made after also did many before must through back years where much your way well ' +
  'down should because each just those people how too little state good very make world still own see men work long get here between both life ' +
  'being under never day same another know while last might us great old year off come since against go came right used take three'
).split(' ');

const NEWS = (
  'council mayor budget river flood levee bridge school police court judge trial election vote voters campaign governor government senator ' +
  'hospital doctors nurses health housing rent tenants landlord market prices inflation wages workers strike union factory port harbour ' +
  'shipping farmers harvest drought rain storm wind power grid energy solar water pipeline contract audit report investigation documents ' +
  'records spending tax taxes district county city village residents neighbours community library park transit buses trains station ' +
  'airport fire firefighters emergency evacuation shelter donations charity festival museum artists theatre music football league coach ' +
  'players season stadium university students teachers parents children climate pollution factory permits zoning developer tower ' +
  'protest march rally statement spokesperson minister ministry parliament committee hearing testimony witness lawyer appeal verdict ' +
  'governance governing governed governments governors'
).split(' ');

const ACCENTED = ['café', 'naïve', 'résumé', 'façade', 'São', 'Zürich', 'Málaga', 'señora', 'crème', 'Bogotá'];

/** Made-up words, pronounceable, to give the vocabulary a long tail of rare terms. */
function madeUpWords(rand: () => number, count: number): string[] {
  const onsets = [
    'b',
    'br',
    'c',
    'ch',
    'd',
    'dr',
    'f',
    'g',
    'gr',
    'h',
    'k',
    'l',
    'm',
    'n',
    'p',
    'pl',
    'r',
    's',
    'st',
    't',
    'tr',
    'v',
    'w',
    'z',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'io'];
  const codas = ['', 'n', 'r', 's', 't', 'l', 'nd', 'rk', 'st', 'm'];
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = 2 + Math.floor(rand() * 3);
    let word = '';
    for (let s = 0; s < syllables; s++)
      word +=
        onsets[Math.floor(rand() * onsets.length)]! +
        vowels[Math.floor(rand() * vowels.length)]! +
        (s === syllables - 1 ? codas[Math.floor(rand() * codas.length)]! : '');
    words.add(word);
  }
  return [...words];
}

/** The benchmark's queries and how often the archive holds them (docs/decisions/035 has the measured table). */
export const SEARCH_BENCH_QUERIES = [
  { label: 'rare word', q: 'quixotically' },
  { label: 'common word', q: 'council' },
  { label: 'two words', q: 'river flood' },
  { label: 'prefix', q: 'gov' },
  { label: 'accented word', q: 'cafe' },
] as const;
/** About one story in ten thousand says "quixotically". */
const RARE_RATE = 0.0001;

export interface ArchiveStory {
  title: string;
  slug: string;
  description: string;
  content: string;
  bodyText: string;
}

export function* archiveStories(count: number, seed = 35): Generator<ArchiveStory> {
  const rand = random(seed);
  const vocabulary = [...COMMON, ...NEWS, ...madeUpWords(rand, 30_000)];
  // Zipf-like: the word at rank r is drawn with weight 1/(r+1); sampled by inverting the cumulative sum.
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 0; r < vocabulary.length; r++) cumulative.push((total += 1 / (r + 1)));
  const word = () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    // News words are topical: lift one in twelve words into the news vocabulary, and now and then an accented name.
    const roll = rand();
    if (roll < 0.08) return NEWS[Math.floor(rand() * NEWS.length)]!;
    if (roll < 0.0805) return ACCENTED[Math.floor(rand() * ACCENTED.length)]!;
    return vocabulary[lo]!;
  };
  const sentence = (min: number, max: number) => {
    const n = min + Math.floor(rand() * (max - min + 1));
    const words = Array.from({ length: n }, word);
    const text = words.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  for (let i = 0; i < count; i++) {
    const title = sentence(4, 11).slice(0, -1);
    const description = sentence(12, 28);
    const paragraphs: string[] = [];
    const words = 120 + Math.floor(rand() * rand() * 780);
    for (let written = 0; written < words;) {
      const sentences = Array.from({ length: 2 + Math.floor(rand() * 4) }, () => sentence(8, 24));
      written += sentences.join(' ').split(' ').length;
      const text = escape(sentences.join(' '));
      // Some paragraphs carry markup, as the editor writes it.
      paragraphs.push(
        rand() < 0.15
          ? `<p>${text.replace(/^(\S+ \S+)/, '<strong>$1</strong>')}</p>`
          : rand() < 0.05
            ? `<h2>${text}</h2>`
            : `<p>${text}</p>`,
      );
    }
    if (rand() < RARE_RATE) paragraphs.push(`<p>${sentence(6, 10).replace(/^\S+/, 'Quixotically')}</p>`);
    const content = paragraphs.join('');
    yield { title, slug: `${slugify(title).slice(0, 200)}-${i + 1}`, description, content, bodyText: storyText(content) };
  }
}

/** SQL text for a literal. */
const literal = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;

/** D1 refuses a statement over 100 kB (SQLITE_TOOBIG); statements are cut below that. */
const STATEMENT_BYTES = 90_000;

/**
 * The archive as multi-row INSERT statements for `wrangler d1 execute --file`: every story
 * published by one of `authorIds` in one of `beatIds`, one hour apart going back from `newest`.
 * The stories table's triggers index each row as it goes in, as a save would.
 */
export function* archiveInserts({
  count,
  authorIds,
  beatIds,
  newest,
}: {
  count: number;
  authorIds: number[];
  beatIds: number[];
  newest: Date;
}): Generator<string> {
  const insert = (rows: string[]) =>
    `INSERT INTO stories (title, slug, description, content, body_text, author_id, beat_id, status, published_at, created_at, updated_at) VALUES\n${rows.join(',\n')};\n`;
  let rows: string[] = [];
  let bytes = 0;
  let index = 0;
  for (const story of archiveStories(count)) {
    const at = new Date(newest.getTime() - index * 3_600_000).toISOString();
    const row = `(${[
      story.title,
      story.slug,
      story.description,
      story.content,
      story.bodyText,
      authorIds[index % authorIds.length]!,
      beatIds[index % beatIds.length]!,
      'published',
      at,
      at,
      at,
    ]
      .map(literal)
      .join(', ')})`;
    index++;
    if (rows.length > 0 && bytes + row.length > STATEMENT_BYTES) {
      yield insert(rows);
      rows = [];
      bytes = 0;
    }
    rows.push(row);
    bytes += row.length + 2;
  }
  if (rows.length > 0) yield insert(rows);
}
