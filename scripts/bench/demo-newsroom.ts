import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Pbkdf2PasswordHasher } from '../../src/adapters/crypto/pbkdf2-password-hasher.ts';
import { slugify } from '../../src/domain/slug.ts';
import { storyText } from '../../src/domain/story-text.ts';
import { demoImageSvg } from './demo-images.ts';
import { executeSql } from './local-site.ts';

/**
 * A demo newsroom to read: an admin, three reporters (one without stories), four beats and 33
 * stories (30 published, one featured with a YouTube video, one with an uploaded-style video,
 * plus a draft and an archived story), written straight into a fresh local D1 before the site starts.
 */

export interface Account {
  id: number;
  username: string;
  email: string;
  password: string;
  role: 'admin' | 'reporter';
  firstName: string | null;
  lastName: string | null;
}

export interface SeededStory {
  id: number;
  slug: string;
  title: string;
  authorId: number;
  status: 'published' | 'draft' | 'archived';
  isFeatured: boolean;
  videoUrl: string | null;
  featuredImageUrl: string | null;
  views: number;
}

export interface DemoNewsroom {
  admin: Account;
  /** [0] and [1] write stories; [2] has none. */
  reporters: Account[];
  stories: SeededStory[];
  /** The published story with a featured image and no video (what the benchmark reads as "a story page"). */
  sampleStory: SeededStory;
  youtubeStory: SeededStory;
  uploadedVideoStory: SeededStory;
}

export const DEMO_YOUTUBE_URL = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
export const DEMO_UPLOADED_VIDEO_URL = '/media/videos/demo/harbour-flood-footage.webm';
const IMAGE_DIR = 'demo-images';

const beats = [
  { id: 1, name: 'Breaking News', description: 'What is happening right now.' },
  { id: 2, name: 'Politics', description: 'Power, policy and the people who hold both.' },
  { id: 3, name: 'Local News', description: 'Our city, street by street.' },
  { id: 4, name: 'Investigations', description: 'Long-form reporting that follows the money.' },
];

const headlines: [title: string, beatId: number, description: string][] = [
  ['Floodwaters breach the old harbour wall as storm surge peaks overnight', 1, 'Residents of the lower harbour district were moved to higher ground as the sea wall gave way shortly after 2 a.m.'],
  ['Dock workers film the moment the harbour wall gave way', 1, 'Footage shot by the night shift shows how quickly the water rose once the first section of wall collapsed.'],
  ['City council votes to reopen the inquiry into the transit contract', 2, 'A late amendment revived the investigation that the mayor’s office had declared closed in the spring.'],
  ['Inside the warehouse where donated medicine went to expire', 4, 'Records we obtained show pallets of supplies sat untouched for eleven months while clinics ran short.'],
  ['Night market returns to Elm Street after three-year absence', 3, 'Traders, food stalls and a brass band brought the corner back to life on Friday.'],
  ['Power restored to most homes after substation fire', 1, 'Engineers worked through the night; about 400 homes on the east side are still without electricity.'],
  ['The lobbyist, the consultant and the zoning map', 4, 'How a single redrawn boundary added tens of millions to the value of three empty lots.'],
  ['School board race draws record number of candidates', 2, 'Fourteen people are running for three seats, and turnout at the first debate filled the library hall.'],
  ['Bridge closure doubles commute times for river towns', 3, 'The repairs are scheduled for six weeks, but contractors say the steel needs more work than planned.'],
  ['Governor signs emergency order as wildfire smoke blankets the valley', 1, 'Outdoor work is limited and schools will keep students inside until the air clears.'],
  ['What the budget hearing did not say about pensions', 2, 'A footnote on page 212 moves a shortfall from this year’s books to the next administration’s.'],
  ['Tenants say repairs were billed but never made', 4, 'Invoices for roofs, boilers and windows do not match what inspectors found on site.'],
  ['Volunteers rebuild the riverside playground in a single weekend', 3, 'More than two hundred neighbours turned up with tools after the old one was washed away.'],
  ['Hospital strike ends with agreement on staffing levels', 1, 'Nurses return to work on Monday after a deal that sets minimum staff for every ward.'],
  ['Mayor’s travel records show trips missing from the public calendar', 2, 'Seven journeys abroad were paid for by organisations with business before the city.'],
  ['The quiet closing of the last bookshop on Market Row', 3, 'After 61 years the shutters come down; the owners say rent, not readers, ended it.'],
  ['How a recycling contract ended up burying most of the recycling', 4, 'Weighbridge tickets show that loads collected for recycling were driven straight to landfill.'],
  ['Train derailment halts freight line; no injuries reported', 1, 'Eleven wagons left the track near the grain terminal; the line is expected to reopen on Thursday.'],
  ['Election officials test new ballot scanners ahead of primary', 2, 'Observers from both parties watched a full dry run of the count, which finished in under an hour.'],
  ['Farmers market moves indoors for the winter season', 3, 'The old tram depot will host stalls every Saturday until April.'],
  ['Police overtime doubled while response times got slower', 4, 'Payroll data and dispatch logs tell two different stories about the past two years.'],
  ['Heat advisory issued as temperatures climb past 40 degrees', 1, 'Cooling centres open at libraries and community halls from noon.'],
  ['Parliament committee questions the minister over procurement', 2, 'Members asked why three contracts went to firms registered the same week.'],
  ['Neighbourhood clinic extends hours after waiting lists grow', 3, 'Evening appointments start next month, staffed by volunteers from the teaching hospital.'],
  ['Water tests show lead levels above the limit in two schools', 4, 'Parents were not told for months; the district says it is replacing fountains now.'],
  ['Gas leak forces evacuation of downtown office block', 1, 'About 600 workers waited outside for two hours before the building was declared safe.'],
  ['Campaign finance filings reveal late surge in small donations', 2, 'Most came in the final week and in amounts under fifty dollars.'],
  ['High school robotics team heads to the national finals', 3, 'Their robot, built largely from scrap, beat teams with budgets ten times larger.'],
  ['Who owns the empty towers on the waterfront?', 4, 'A trail of shell companies leads to a handful of names that appear again and again.'],
  ['Storm damage survey finds hundreds of homes need new roofs', 1, 'Assessors visited more than 2,000 properties in the first week after the storm.'],
];

const paragraphs = [
  'Witnesses described the scene in the first hours in detail, and several shared photographs and messages they had sent to family as events unfolded. We have checked the timeline against official records where they exist.',
  'Officials declined to answer several of our questions on the record. A spokesperson said a full statement would follow once the relevant departments had reviewed the facts.',
  'Documents seen by our reporters, including internal emails and meeting notes, suggest the problem was raised months earlier and set aside.',
  'People who live and work nearby say they want answers, not reassurances. “We have heard promises before,” one said. “This time we will be watching what they actually do.”',
  'We will keep reporting on this story as it develops. If you have information, you can reach our newsroom in confidence.',
];

function storyContent(title: string, seed: number): string {
  const pick = (n: number) => paragraphs[(seed + n) % paragraphs.length]!;
  return [
    `<p><strong>${pick(0)}</strong></p>`,
    '<h2>What we know</h2>',
    `<p>${pick(1)}</p>`,
    `<blockquote><p>${pick(3)}</p></blockquote>`,
    `<p>${pick(2)}</p>`,
    '<h2>What happens next</h2>',
    `<p>${pick(4)} This report, “${title}”, will be updated.</p>`,
  ].join('');
}

const sql = (value: string | number | boolean | null): string => {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
};

function password(): string {
  return randomBytes(12).toString('base64url');
}

/** Writes the demo newsroom into the fresh D1 in `stateDir`, its pictures into `clientDir`/demo-images. */
export async function seedDemoNewsroom({ stateDir, clientDir, pepper, now = new Date() }: { stateDir: string; clientDir: string; pepper: string; now?: Date }): Promise<DemoNewsroom> {
  const hasher = new Pbkdf2PasswordHasher(pepper);
  const accounts: Account[] = [
    { id: 1, username: 'editor', email: 'editor@newsroom.test', password: password(), role: 'admin', firstName: 'Morgan', lastName: 'Hale' },
    { id: 2, username: 'amara', email: 'amara@newsroom.test', password: password(), role: 'reporter', firstName: 'Amara', lastName: 'Okafor' },
    { id: 3, username: 'ben', email: 'ben@newsroom.test', password: password(), role: 'reporter', firstName: 'Ben', lastName: null },
    { id: 4, username: 'carla', email: 'carla@newsroom.test', password: password(), role: 'reporter', firstName: 'Carla', lastName: 'Reyes' },
  ];
  const statements: string[] = [];
  const created = now.toISOString();
  for (const account of accounts) {
    statements.push(
      `INSERT INTO users (id, username, email, password_hash, role, is_active, first_name, last_name, created_at) VALUES (${[
        account.id, account.username, account.email, await hasher.hash(account.password), account.role, true, account.firstName, account.lastName, created,
      ].map(sql).join(', ')});`,
    );
  }
  for (const beat of beats) {
    statements.push(`INSERT INTO beats (id, name, slug, description, created_at) VALUES (${[beat.id, beat.name, slugify(beat.name), beat.description, created].map(sql).join(', ')});`);
  }

  const imagesDir = path.join(clientDir, IMAGE_DIR);
  await mkdir(imagesDir, { recursive: true });
  const authors = [2, 3, 1];
  const stories: SeededStory[] = [];
  const all: [title: string, beatId: number, description: string, status: SeededStory['status']][] = [
    ...headlines.map(([title, beatId, description]) => [title, beatId, description, 'published'] as [string, number, string, 'published']),
    ['Draft: council spending tracker, first findings', 2, 'Early notes on where the discretionary budget went.', 'draft'],
    ['Draft: interviews from the flood shelters', 1, 'Transcripts waiting for a second check.', 'draft'],
    ['Archived: last year’s winter shelter guide', 3, 'Kept for the record; see this year’s guide instead.', 'archived'],
  ];
  for (const [index, [title, beatId, description, status]] of all.entries()) {
    const id = index + 1;
    const slug = slugify(title);
    // Newest first: story 1 three minutes ago, then one every three hours.
    const at = new Date(now.getTime() - (3 * 60 + index * 3 * 3600) * 1000).toISOString();
    const image = `/${IMAGE_DIR}/${slug}.svg`;
    await writeFile(path.join(imagesDir, `${slug}.svg`), demoImageSvg(id));
    const story: SeededStory = {
      id,
      slug,
      title,
      authorId: status === 'draft' ? 2 : status === 'archived' ? 3 : authors[index % authors.length]!,
      status,
      isFeatured: index === 0,
      videoUrl: index === 0 ? DEMO_YOUTUBE_URL : index === 1 ? DEMO_UPLOADED_VIDEO_URL : null,
      featuredImageUrl: index === 4 ? null : image,
      views: index === 0 ? 15_320 : (index * 137) % 2400,
    };
    stories.push(story);
    statements.push(
      `INSERT INTO stories (id, title, slug, description, content, body_text, author_id, beat_id, status, is_featured, featured_image_url, video_url, views, published_at, created_at, updated_at) VALUES (${[
        story.id, title, slug, description, storyContent(title, index), storyText(storyContent(title, index)), story.authorId, beatId, status, story.isFeatured,
        story.featuredImageUrl, story.videoUrl, story.views, status === 'draft' ? null : at, at, at,
      ].map(sql).join(', ')});`,
    );
  }
  await executeSql(stateDir, statements.join('\n'));

  const published = stories.filter((story) => story.status === 'published');
  return {
    admin: accounts[0]!,
    reporters: accounts.slice(1),
    stories,
    sampleStory: published.find((story) => story.featuredImageUrl && !story.videoUrl)!,
    youtubeStory: stories[0]!,
    uploadedVideoStory: stories[1]!,
  };
}
