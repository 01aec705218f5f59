/**
 * Illustrations for the demo newsroom's stories: 1280 by 720 SVGs (a sky, a sun, a skyline and a
 * ground line in one of a few palettes), a few kilobytes each, so pages have real pictures to lay
 * out and load without shipping photographs in the repository.
 */
const palettes = [
  ['#0f2027', '#2c5364', '#f7b733', '#0b1418'],
  ['#3a1c71', '#d76d77', '#ffaf7b', '#1d0f38'],
  ['#134e5e', '#71b280', '#f9f871', '#0a2a31'],
  ['#232526', '#414345', '#e94e4e', '#111213'],
  ['#1e3c72', '#2a5298', '#f5f5f5', '#0d1d3a'],
  ['#41295a', '#2f0743', '#ff9966', '#1a0322'],
] as const;

function random(seed: number) {
  let state = seed * 2654435761 + 1;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export function demoImageSvg(seed: number): string {
  const [top, bottom, sun, ground] = palettes[seed % palettes.length]!;
  const rnd = random(seed + 7);
  const buildings: string[] = [];
  for (let x = -20; x < 1300; ) {
    const width = 50 + Math.floor(rnd() * 90);
    const height = 120 + Math.floor(rnd() * 300);
    buildings.push(`<rect x="${x}" y="${620 - height}" width="${width}" height="${height + 100}"/>`);
    x += width + Math.floor(rnd() * 12);
  }
  const sunX = 200 + Math.floor(rnd() * 880);
  const sunY = 150 + Math.floor(rnd() * 180);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#s)"/>
<circle cx="${sunX}" cy="${sunY}" r="${70 + Math.floor(rnd() * 50)}" fill="${sun}" opacity="0.9"/>
<g fill="${ground}" opacity="0.92">${buildings.join('')}</g>
<rect y="640" width="1280" height="80" fill="${ground}"/>
</svg>
`;
}
