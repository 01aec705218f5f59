/**
 * Renders the demo newsroom's featured images into public/demo/ (1200x675 WebP, each well under
 * 40 KB). The machines this runs on have no internet, so the demo ships its own pictures: SVG art
 * (gradients, shapes, a label) rasterised with sharp (a devDependency; its prebuilt binary comes inside
 * the npm package @img/sharp-linux-x64, the same copy wrangler's miniflare uses).
 * Run once after changing the art: `npx tsx scripts/generators/demo-images.ts`; commit the output.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../lib/project.ts';

const WIDTH = 1200;
const HEIGHT = 675;
const outDir = join(projectRoot, 'public', 'demo');

/** Deterministic pseudo-random numbers, so a re-render gives the same pictures. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

interface Art {
  name: string;
  kicker: string;
  label: string;
  from: string;
  to: string;
  accent: string;
  motif: (rnd: () => number) => string;
}

const waves = (colour: string) => () =>
  Array.from({ length: 7 }, (_, i) => {
    const y = 330 + i * 48;
    const amp = 14 + i * 3;
    let d = `M0 ${y}`;
    for (let x = 0; x <= WIDTH; x += 100) d += ` Q${x + 50} ${y - amp} ${x + 100} ${y}`;
    return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${6 + i}" stroke-opacity="${0.25 + i * 0.08}"/>`;
  }).join('');

const arts: Art[] = [
  {
    name: 'levee-breach',
    kicker: 'BREAKING NEWS',
    label: 'Riverside evacuated',
    from: '#0b1f3a',
    to: '#1e5a8a',
    accent: '#7dd3fc',
    motif: waves('#7dd3fc'),
  },
  {
    name: 'council-vote',
    kicker: 'POLITICS',
    label: 'Council votes 7–2',
    from: '#3b0d14',
    to: '#7f1d1d',
    accent: '#fcd34d',
    motif: () =>
      `<polygon points="640,150 1080,260 200,260" fill="#fcd34d" fill-opacity="0.25"/>` +
      Array.from(
        { length: 7 },
        (_, i) =>
          `<rect x="${250 + i * 120}" y="280" width="50" height="260" rx="6" fill="#fcd34d" fill-opacity="${0.18 + (i % 2) * 0.1}"/>`,
      ).join('') +
      `<rect x="200" y="545" width="880" height="24" fill="#fcd34d" fill-opacity="0.3"/>`,
  },
  {
    name: 'night-market',
    kicker: 'LOCAL NEWS',
    label: 'The night market is back',
    from: '#1e1033',
    to: '#4c1d95',
    accent: '#fb923c',
    motif: (rnd) =>
      `<path d="M0 120 Q600 220 1200 110" fill="none" stroke="#fde68a" stroke-opacity="0.4" stroke-width="3"/>` +
      Array.from({ length: 14 }, (_, i) => {
        const x = 60 + i * 82;
        const y = 150 + Math.sin(i / 2.2) * 30 + rnd() * 20;
        return `<circle cx="${x}" cy="${y + 40}" r="${34 + rnd() * 14}" fill="url(#glow)"/><circle cx="${x}" cy="${y + 40}" r="${14 + rnd() * 6}" fill="#fb923c"/>`;
      }).join(''),
  },
  {
    name: 'paving-contracts',
    kicker: 'INVESTIGATIONS',
    label: '$14.2 million, no bids',
    from: '#111827',
    to: '#374151',
    accent: '#facc15',
    motif: () =>
      `<polygon points="520,200 680,200 1100,675 100,675" fill="#1f2937"/>` +
      Array.from({ length: 6 }, (_, i) => {
        const t = i / 6;
        const y = 220 + t * t * 460;
        const h = 14 + t * 60;
        const w = 6 + t * 22;
        return `<rect x="${600 - w / 2}" y="${y}" width="${w}" height="${h}" fill="#facc15"/>`;
      }).join(''),
  },
  {
    name: 'substation-fire',
    kicker: 'BREAKING NEWS',
    label: 'Northgate substation fire',
    from: '#190a05',
    to: '#7c2d12',
    accent: '#fdba74',
    motif: (rnd) =>
      Array.from({ length: 18 }, () => {
        const x = 380 + rnd() * 520;
        const h = 120 + rnd() * 260;
        return `<polygon points="${x - 40},600 ${x + 40},600 ${x + rnd() * 30 - 15},${600 - h}" fill="${rnd() > 0.5 ? '#f97316' : '#facc15'}" fill-opacity="${0.35 + rnd() * 0.4}"/>`;
      }).join('') +
      `<path d="M80 600 L140 180 L200 600 M110 260 L170 260 M1000 600 L1060 180 L1120 600 M1030 260 L1090 260" stroke="#fdba74" stroke-width="8" fill="none" stroke-opacity="0.6"/>` +
      `<path d="M140 190 Q600 330 1060 190" stroke="#fdba74" stroke-width="3" fill="none" stroke-opacity="0.5"/>`,
  },
  {
    name: 'early-voting',
    kicker: 'POLITICS',
    label: 'Early voting is open',
    from: '#0c1a3d',
    to: '#1d4ed8',
    accent: '#f87171',
    motif: () =>
      `<rect x="420" y="260" width="360" height="300" rx="18" fill="#ffffff" fill-opacity="0.14" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/>` +
      `<rect x="520" y="250" width="160" height="18" rx="9" fill="#0c1a3d"/>` +
      `<rect x="540" y="130" width="120" height="150" fill="#ffffff" fill-opacity="0.9" transform="rotate(-6 600 200)"/>` +
      `<path d="M565 200 L592 228 L640 168" stroke="#f87171" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  {
    name: 'library-volunteers',
    kicker: 'LOCAL NEWS',
    label: 'The library stays open',
    from: '#2b1608',
    to: '#78350f',
    accent: '#fde68a',
    motif: (rnd) => {
      const colours = ['#b91c1c', '#1d4ed8', '#15803d', '#a16207', '#7e22ce', '#e5e7eb', '#0f766e'];
      let x = 120;
      let spines = '';
      while (x < 1080) {
        const w = 26 + rnd() * 34;
        const h = 200 + rnd() * 150;
        spines += `<rect x="${x}" y="${560 - h}" width="${w}" height="${h}" rx="3" fill="${colours[Math.floor(rnd() * colours.length)]}" fill-opacity="0.8"/>`;
        x += w + 4;
      }
      return `${spines}<rect x="100" y="560" width="1000" height="18" fill="#fde68a" fill-opacity="0.5"/>`;
    },
  },
  {
    name: 'rental-inspections',
    kicker: 'INVESTIGATIONS',
    label: '1 in 5 buildings unchecked',
    from: '#042f2e',
    to: '#0f766e',
    accent: '#fca5a5',
    motif: (rnd) => {
      let windows = '';
      for (let row = 0; row < 6; row++) {
        for (let col = 0; col < 5; col++) {
          const unchecked = rnd() < 0.2;
          windows += `<rect x="${440 + col * 66}" y="${170 + row * 66}" width="44" height="44" fill="${unchecked ? '#fca5a5' : '#ccfbf1'}" fill-opacity="${unchecked ? 0.9 : 0.35}"/>`;
        }
      }
      return `<rect x="410" y="140" width="380" height="430" fill="#134e4a" stroke="#ccfbf1" stroke-opacity="0.4" stroke-width="4"/>${windows}`;
    },
  },
  {
    name: 'bus-letters',
    kicker: 'READERS RESPOND',
    label: 'What the bus cuts cost you',
    from: '#052e16',
    to: '#15803d',
    accent: '#bbf7d0',
    motif: () =>
      ['M60 430 C300 430 300 220 600 220 S900 420 1140 420', 'M60 300 C260 300 420 460 640 460 S960 180 1140 160']
        .map(
          (d, i) =>
            `<path d="${d}" fill="none" stroke="${i ? '#fde047' : '#bbf7d0'}" stroke-width="14" stroke-linecap="round" stroke-opacity="0.7"/>`,
        )
        .join('') +
      [
        [60, 430],
        [330, 340],
        [600, 220],
        [870, 340],
        [1140, 420],
        [60, 300],
        [640, 460],
        [1140, 160],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="18" fill="#052e16" stroke="#ffffff" stroke-width="6"/>`)
        .join(''),
  },
];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function svg(art: Art, index: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${art.accent}" stop-opacity="0.7"/><stop offset="1" stop-color="${art.accent}" stop-opacity="0"/></radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.65"/></linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  ${art.motif(random(index + 1))}
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
  <rect x="56" y="500" width="${Math.round(art.kicker.length * 17.5 + 34)}" height="40" rx="4" fill="${art.accent}"/>
  <text x="74" y="528" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="22" font-weight="700" letter-spacing="2" fill="#111">${escapeXml(art.kicker)}</text>
  <text x="56" y="610" font-family="DejaVu Serif, Liberation Serif, serif" font-size="60" font-weight="700" fill="#fff">${escapeXml(art.label)}</text>
  <text x="${WIDTH - 56}" y="60" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="18" letter-spacing="3" fill="#fff" fill-opacity="0.7">THE NEWSROOM · DEMO</text>
</svg>`;
}

mkdirSync(outDir, { recursive: true });
for (const [index, art] of arts.entries()) {
  const file = join(outDir, `${art.name}.webp`);
  await sharp(Buffer.from(svg(art, index)))
    .webp({ quality: 72, effort: 6 })
    .toFile(file);
  console.log(`${file}  ${(statSync(file).size / 1024).toFixed(1)} KB`);
}
