/**
 * The demo newsroom seeded into an empty local database: data only, no logic (the seeding is in
 * seed-demo-newsroom.ts). Port Alden and everyone in it are invented. Images live in public/demo/
 * (rendered by scripts/generators/demo-images.ts) and are uploaded into the newsroom's media when it
 * is seeded, so they are resized like any picture; the story HTML uses only what the story sanitiser allows.
 */

export interface DemoBeat {
  name: string;
  description: string;
}

export interface DemoReporter {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Beat names this reporter is assigned to (user_beats). */
  beats: string[];
}

export interface DemoStory {
  title: string;
  description: string;
  /** A beat name from demoBeats, or null for a story without a beat. */
  beat: string | null;
  /** A username from demoReporters. */
  author: string;
  status: 'draft' | 'published' | 'archived';
  isFeatured: boolean;
  featuredImageUrl: string;
  /** The picture's words, as a newsroom publishes them: what it shows, a caption, a credit. */
  picture: DemoPicture;
  videoUrl: string | null;
  /** How long before the seeding the story was written (spreads the relative times). */
  hoursAgo: number;
  content: string;
}

/** A demo picture's words. The pictures are illustrations (public/demo), and say so. */
export interface DemoPicture {
  alt: string;
  caption: string;
  credit: string;
}

const ILLUSTRATION = 'Illustration: The Newsroom';

/** The words of each demo picture, by its file in public/demo. */
export const demoPictures: Record<string, DemoPicture> = {
  'levee-breach.webp': {
    alt: 'Illustration: rows of pale blue waves rising across a dark blue river under the words “Riverside evacuated”.',
    caption: 'Floodwater crossed the Alden River levee near Harbour Street shortly after 2 a.m.',
    credit: ILLUSTRATION,
  },
  'council-vote.webp': {
    alt: 'Illustration: the columns and pediment of city hall in gold on deep red, with the words “Council votes 7–2”.',
    caption: 'Seven of the nine council members voted to publish line-item spending records online.',
    credit: ILLUSTRATION,
  },
  'night-market.webp': {
    alt: 'Illustration: a string of glowing orange lanterns swaying across a purple night sky, over the words “The night market is back”.',
    caption: 'Forty stalls lined Cable Street for the market’s first night in three years.',
    credit: ILLUSTRATION,
  },
  'paving-contracts.webp': {
    alt: 'Illustration: a grey road narrowing to the horizon, its yellow centre line broken into dashes, with the words “$14.2 million, no bids”.',
    caption: 'Records show eleven no-bid paving contracts awarded to one firm since 2021.',
    credit: ILLUSTRATION,
  },
  'substation-fire.webp': {
    alt: 'Illustration: orange and yellow flames between two electricity pylons, with the words “Northgate substation fire”.',
    caption: 'Crews cut power to the Northgate substation before fighting the fire.',
    credit: ILLUSTRATION,
  },
  'early-voting.webp': {
    alt: 'Illustration: a ballot with a red tick dropping into a ballot box, on blue, with the words “Early voting is open”.',
    caption: 'Early voting runs at six sites across Port Alden until the Friday before election day.',
    credit: ILLUSTRATION,
  },
  'library-volunteers.webp': {
    alt: 'Illustration: a shelf of coloured book spines on brown, with the words “The library stays open”.',
    caption: 'Volunteers now staff the Millbrook branch three evenings a week.',
    credit: ILLUSTRATION,
  },
  'rental-inspections.webp': {
    alt: 'Illustration: an apartment block with one in five of its windows lit red, with the words “1 in 5 buildings unchecked”.',
    caption: 'City records list 212 rental buildings with no inspection in the past five years.',
    credit: ILLUSTRATION,
  },
  'bus-letters.webp': {
    alt: 'Illustration: two bus routes drawn as curving green and yellow lines with stops as white circles, with the words “What the bus cuts cost you”.',
    caption: 'The 4 and 12 routes lose their evening service from next month.',
    credit: ILLUSTRATION,
  },
};

export const demoBeats: DemoBeat[] = [
  {
    name: 'Breaking News',
    description: 'Fast, verified reporting on events as they unfold across Port Alden and the valley.',
  },
  {
    name: 'Politics',
    description: 'City hall, the statehouse and the money behind both: votes, budgets and the people who decide them.',
  },
  {
    name: 'Local News',
    description: 'Neighbourhoods, schools, transit and the everyday life of the city, told by the people who live it.',
  },
  {
    name: 'Investigations',
    description: 'Long-form accountability reporting built on public records, data and sources who took a risk to talk.',
  },
];

/** The newsroom's own newsletter (no beat): the home page and every story offer it from the first start. */
export const demoNewsletter = {
  name: 'The Port Alden Briefing',
  slug: 'briefing',
  description: 'The stories that matter in Port Alden and the valley, in your inbox when we publish them.',
};

export const demoReporters: DemoReporter[] = [
  {
    username: 'maya.okafor',
    email: 'maya.okafor@example.com',
    firstName: 'Maya',
    lastName: 'Okafor',
    beats: ['Breaking News', 'Local News'],
  },
  { username: 'daniel.reyes', email: 'daniel.reyes@example.com', firstName: 'Daniel', lastName: 'Reyes', beats: ['Politics'] },
  {
    username: 'priya.raman',
    email: 'priya.raman@example.com',
    firstName: 'Priya',
    lastName: 'Raman',
    beats: ['Investigations', 'Politics'],
  },
];

/** A public YouTube watch link (the featured story shows it as an embedded player). */
export const DEMO_YOUTUBE_URL = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
/** A plain MP4 file (played by the native video player, with the featured image as poster). */
export const DEMO_MP4_URL = 'https://download.blender.org/peach/bigbuckbunny_movies/BigBuckBunny_320x180.mp4';

export const demoStories: DemoStory[] = [
  {
    title: 'Levee Breach Forces Evacuation of Riverside Neighbourhoods',
    description:
      'Emergency crews moved more than 3,000 residents overnight after a section of the Alden River levee gave way following four days of rain.',
    beat: 'Breaking News',
    author: 'maya.okafor',
    status: 'published',
    isFeatured: true,
    featuredImageUrl: '/demo/levee-breach.webp',
    picture: demoPictures['levee-breach.webp']!,
    videoUrl: DEMO_YOUTUBE_URL,
    hoursAgo: 3,
    content: `<h2>What we know</h2>
<p>A 60-metre section of the Alden River levee failed shortly after <strong>2:10 a.m.</strong>, sending water into the Riverside and Millbrook districts. The city opened three shelters and asked residents south of Canal Street to leave <em>immediately</em>.</p>
<ul>
<li>Evacuation order: everything between Canal Street and the river, from the rail bridge to Dock Road.</li>
<li>Shelters: Harmon High School, the Eastside Community Centre and St. Brendan’s Hall.</li>
<li>Schools in both districts are closed until further notice.</li>
</ul>
<blockquote><p>“We heard it before we saw it. Then the street was a river.”<br>— Lorna Pike, Millbrook resident</p></blockquote>
<p>City engineers had flagged the section as <u>“at elevated risk”</u> in an inspection report filed last spring. The repair was budgeted but never scheduled.</p>
<h3>How to get help</h3>
<p style="text-align: center;"><strong>Emergency line: <a href="tel:+15550100">555-0100</a></strong></p>
<p>We will update this story as crews report in. Send tips to <a href="mailto:tips@example.com">tips@example.com</a>.</p>`,
  },
  {
    title: 'City Council Votes 7-2 to Open Budget Records to the Public',
    description:
      'Every contract over $50,000 will be posted online within ten days of signing, under an ordinance passed after a three-hour debate.',
    beat: 'Politics',
    author: 'daniel.reyes',
    status: 'published',
    isFeatured: false,
    featuredImageUrl: '/demo/council-vote.webp',
    picture: demoPictures['council-vote.webp']!,
    videoUrl: null,
    hoursAgo: 7,
    content: `<p>Port Alden’s city council voted <strong>7-2</strong> on Tuesday night to publish every city contract worth more than $50,000, ending a practice that kept most agreements out of public view until a records request forced them out.</p>
<h2>What changes</h2>
<ol>
<li>Contracts are posted within ten business days of signing.</li>
<li>Amendments and change orders are posted with the original.</li>
<li>A searchable archive goes back five years.</li>
</ol>
<p>Councillor Ines Vidal, who wrote the ordinance, called it “the cheapest anti-corruption measure this city will ever buy.” The two votes against came from councillors who argued the archive would cost more than the $180,000 set aside for it.</p>
<hr>
<p><em>Read the full ordinance on the <a href="https://example.com/council/ordinance-24-117" target="_blank" rel="noopener noreferrer nofollow">council website</a>.</em></p>`,
  },
  {
    title: 'Night Market Returns to Eastside After Three-Year Absence',
    description: 'Forty stalls, two stages and a lot of dumplings: the Eastside Night Market is back every Friday through October.',
    beat: 'Local News',
    author: 'maya.okafor',
    status: 'published',
    isFeatured: false,
    featuredImageUrl: '/demo/night-market.webp',
    picture: demoPictures['night-market.webp']!,
    videoUrl: null,
    hoursAgo: 20,
    content: `<p>The smell reached Pell Street before the crowd did. By 7 p.m. on Friday the line for the first Eastside Night Market since the pandemic stretched past the old cannery.</p>
<p>Organisers expected 2,000 visitors. A volunteer with a clicker counted <strong>5,400</strong>.</p>
<h3>What to know before you go</h3>
<ul>
<li>Fridays, 6 p.m. to 11 p.m., through the end of October.</li>
<li>Pell Street is closed to traffic between 4th and 7th Avenue.</li>
<li>Most stalls take cards; the best ones still prefer cash.</li>
</ul>
<p style="color: #b45309;">Tip: the quietest hour is 9 to 10 p.m., after the families head home.</p>
<img src="/demo/night-market.webp" alt="Lanterns strung above food stalls on Pell Street" title="Pell Street on opening night">`,
  },
  {
    title: 'Inside the Contracts: How One Paving Firm Won $14 Million Without a Bid',
    description:
      'Records obtained by our newsroom show eleven “emergency” road contracts went to the same company in two years. Only one was an emergency.',
    beat: 'Investigations',
    author: 'priya.raman',
    status: 'published',
    isFeatured: false,
    featuredImageUrl: '/demo/paving-contracts.webp',
    picture: demoPictures['paving-contracts.webp']!,
    videoUrl: null,
    hoursAgo: 30,
    content: `<p>Between March 2022 and April 2024, Port Alden’s public works department signed eleven paving contracts under its emergency procurement rule, which lets the city skip competitive bidding when a road is an immediate danger. All eleven went to <strong>Kessler Road Services</strong>.</p>
<h2>The pattern</h2>
<p>We compared each contract with the department’s own inspection logs. Ten of the eleven roads had been rated “fair” or better in the month before the work was ordered.</p>
<blockquote><p>“Emergency means a sinkhole, not a budget deadline.”<br>— A former procurement officer, who asked not to be named</p></blockquote>
<h3>The numbers</h3>
<ul>
<li>Total value: <strong>$14.2 million</strong></li>
<li>Average mark-up over the city’s cost estimate: <strong>31%</strong></li>
<li>Contracts reviewed by the city auditor: <strong>none</strong></li>
</ul>
<p>Kessler Road Services did not respond to four requests for comment. The department said it “followed the procurement code in every instance.” The code, <code>PAC §4.12</code>, requires a written finding of danger; none of the files we obtained contained one.</p>
<p style="text-align: right;"><em>Reporting by Priya Raman. Data analysis available on request.</em></p>`,
  },
  {
    title: 'Power Restored to 40,000 Homes After Overnight Substation Fire',
    description:
      'A transformer fire at the Northgate substation cut power across the north side for nine hours. The utility says the cause is still under investigation.',
    beat: 'Breaking News',
    author: 'maya.okafor',
    status: 'published',
    isFeatured: false,
    featuredImageUrl: '/demo/substation-fire.webp',
    picture: demoPictures['substation-fire.webp']!,
    videoUrl: DEMO_MP4_URL,
    hoursAgo: 48,
    content: `<p>Crews restored power to the last of roughly <strong>40,000</strong> homes and businesses at 11:40 a.m. on Sunday, nine hours after a transformer at the Northgate substation caught fire.</p>
<p>Firefighters kept the blaze from spreading to a second transformer. No one was hurt.</p>
<h3>Timeline</h3>
<ol>
<li>2:35 a.m.: first reports of an explosion near Northgate Road.</li>
<li>3:10 a.m.: outage map shows 40,000 customers without power.</li>
<li>6:00 a.m.: fire declared under control.</li>
<li>11:40 a.m.: all customers restored.</li>
</ol>
<p>Residents whose food spoiled can file a claim with the utility; <s>the deadline is Friday</s> the utility has extended the deadline to the end of the month.</p>`,
  },
  {
    title: 'State Senate Race Tightens as Early Voting Begins',
    description:
      'A new poll puts the District 14 race within the margin of error, and both campaigns are spending their last dollars on the same three suburbs.',
    beat: 'Politics',
    author: 'daniel.reyes',
    status: 'published',
    isFeatured: false,
    featuredImageUrl: '/demo/early-voting.webp',
    picture: demoPictures['early-voting.webp']!,
    videoUrl: null,
    hoursAgo: 72,
    content: `<p>Early voting opened on Monday with the District 14 senate race closer than anyone predicted in the spring. A poll by Alden State University has incumbent <strong>Ruth Calloway</strong> at 47% and challenger <strong>Marcus Bell</strong> at 45%, with 8% undecided.</p>
<h2>Where the race will be decided</h2>
<p>Both campaigns have moved staff into Fairview, Oak Hollow and Westbrook, three suburbs that swung by more than ten points in the last two elections.</p>
<h3>How to vote early</h3>
<ul>
<li>Any county library branch, 9 a.m. to 7 p.m., Monday to Saturday.</li>
<li>Bring photo ID; a utility bill works if your address changed.</li>
</ul>
<p><a href="https://example.com/elections/early-voting" target="_blank" rel="noopener noreferrer nofollow">Find your nearest early voting site</a>.</p>`,
  },
  {
    title: 'Library Branch Saved by Volunteers Who Refused to Let It Close',
    description:
      'When the city cut the Harbor Street branch from its budget, neighbours raised $220,000 and staffed the desk themselves for six months.',
    beat: 'Local News',
    author: 'maya.okafor',
    status: 'published',
    isFeatured: false,
    featuredImageUrl: '/demo/library-volunteers.webp',
    picture: demoPictures['library-volunteers.webp']!,
    videoUrl: null,
    hoursAgo: 100,
    content: `<p>The sign on the door of the Harbor Street library still says <em>“Closing June 30.”</em> Nobody has taken it down, because nobody wants to forget how close it came.</p>
<p>Over six months, a group of retirees, students and two former librarians kept the branch open four days a week while they raised the money the city would not spend. On Thursday the council agreed to restore its funding permanently.</p>
<blockquote><p>“People think a library is books. It’s the only warm room on this street where nobody asks you to buy anything.”<br>— Agnes Moreau, volunteer</p></blockquote>
<p style="font-family: Georgia;">The branch reopens under city staff on the first of next month, with longer Saturday hours.</p>`,
  },
  {
    title: 'Missing Inspections: One in Five Rental Buildings Went Unchecked',
    description:
      'City records show 1,140 rental buildings missed their required safety inspection last year. Tenants in some of them had already filed complaints.',
    beat: 'Investigations',
    author: 'priya.raman',
    status: 'published',
    isFeatured: false,
    featuredImageUrl: '/demo/rental-inspections.webp',
    picture: demoPictures['rental-inspections.webp']!,
    videoUrl: null,
    hoursAgo: 144,
    content: `<p>Port Alden law requires every rental building with four or more units to be inspected once a year. An analysis of housing department records shows <strong>1,140 of 5,602</strong> buildings were not inspected in the last fiscal year.</p>
<h2>Complaints that went nowhere</h2>
<p>In 212 of those buildings, tenants had filed at least one complaint about heat, mould or fire exits. The department closed most complaints as “pending inspection.”</p>
<h3>What the department says</h3>
<p>A spokesperson said the department has nine inspectors for a workload it estimates at fourteen, and that it has asked for more staff in each of the last three budgets.</p>
<h3>Check your building</h3>
<p>Tenants can request an inspection by phone at <a href="tel:+15550199">555-0199</a> or in writing. Keep a copy of every request.</p>`,
  },
  {
    title: 'Readers Respond: What the Bus Cuts Mean for Your Commute',
    description: 'We asked how the new transit schedule has changed your week. More than 600 of you wrote back. Here is a selection.',
    beat: null,
    author: 'daniel.reyes',
    status: 'published',
    isFeatured: false,
    featuredImageUrl: '/demo/bus-letters.webp',
    picture: demoPictures['bus-letters.webp']!,
    videoUrl: null,
    hoursAgo: 216,
    content: `<p>When the transit authority cut service on nine routes last month, we asked readers to tell us what changed. Six hundred and twelve of you did. A few of the letters, lightly edited:</p>
<blockquote><p>“The 14 used to come every twelve minutes. Now it’s forty. I leave home at 5:50 to start work at 8.”<br>— A hospital cleaner in Fairview</p></blockquote>
<blockquote><p>“My daughter now walks two miles to school in the dark. Nobody on the board has to do that.”<br>— A parent in Westbrook</p></blockquote>
<p>The transit board meets again on the 18th. Meetings are open to the public and there is a comment period at the start.</p>
<p><em>Letters have been shortened for length. Keep writing: <a href="mailto:letters@example.com">letters@example.com</a>.</em></p>`,
  },
  {
    title: 'School Board Spending Review: Follow-Up on Consultant Fees',
    description: 'Draft: the board paid three consulting firms $1.9 million last year; we are still waiting on two of the invoices.',
    beat: 'Investigations',
    author: 'priya.raman',
    status: 'draft',
    isFeatured: false,
    featuredImageUrl: '/demo/paving-contracts.webp',
    picture: { ...demoPictures['paving-contracts.webp']!, caption: 'The board’s consultant invoices are still being requested.' },
    videoUrl: null,
    hoursAgo: 1,
    content: `<p>Working draft. Still to confirm: invoice totals for the second and third firms, and the board’s response.</p>
<ul>
<li>Firm A: $840,000 (invoice received)</li>
<li>Firm B: pending records request</li>
<li>Firm C: pending records request</li>
</ul>`,
  },
  {
    title: 'Summer Festival Road Closures and Shuttle Times',
    description: 'Last summer’s closures and shuttle times, kept for the record.',
    beat: 'Local News',
    author: 'maya.okafor',
    status: 'archived',
    isFeatured: false,
    featuredImageUrl: '/demo/night-market.webp',
    picture: { ...demoPictures['night-market.webp']!, caption: 'Last summer’s festival closed Cable Street for three nights.' },
    videoUrl: null,
    hoursAgo: 2400,
    content: `<p>Shuttles ran every fifteen minutes from the Harbor Street garage between 10 a.m. and midnight. Waterfront Drive was closed from Pier 2 to Dock Road.</p>`,
  },
];
