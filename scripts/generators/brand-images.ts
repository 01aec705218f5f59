import path from 'node:path';
import { site } from '../../src/domain/site/site.ts';
import { launchChromium } from '../lib/chromium.ts';
import { projectRoot } from '../lib/project.ts';

/**
 * Renders the site's share picture (public/og-image.png, 1200 by 630, used by pages and stories
 * without a picture of their own), the publisher logo (public/logo.png, 600 by 60, named in the
 * NewsArticle JSON-LD), the square mark the newsroom's fediverse accounts show as their picture
 * (public/fediverse-avatar.png, 400 by 400) and the app icons (public/icons/, the web app manifest's
 * and the alerts'; public/apple-touch-icon.png for the iPhone home screen) with Chromium. Run it after
 * changing the name or the look: `npx tsx scripts/generators/brand-images.ts`.
 */
const mark = (size: number) =>
  `<span style="display:inline-grid;place-items:center;width:${size}px;height:${size}px;border-radius:${size / 8}px;background:#111214;color:#fff;font:700 ${size * 0.62}px/1 Georgia,'Liberation Serif',serif">N</span>`;

const shareCard = `<body style="margin:0;width:1200px;height:630px;background:#111214;background-image:radial-gradient(ellipse at 85% 0%,rgba(179,18,31,.45),transparent 60%);color:#fff;font-family:Georgia,'Liberation Serif',serif;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box;border-top:14px solid #b3121f">
  <div style="display:flex;align-items:center;gap:28px"><span style="display:inline-grid;place-items:center;width:110px;height:110px;border-radius:12px;background:#b3121f;font:700 76px/1 Georgia,'Liberation Serif',serif">N</span><span style="font-weight:700;font-size:96px;letter-spacing:-2px">${site.name}</span></div>
  <p style="margin:48px 0 0;font-style:italic;font-size:46px;color:#e5e5e5">${site.tagline}</p>
</body>`;

const logo = `<body style="margin:0;width:600px;height:60px;background:#fff;display:flex;align-items:center;gap:14px;font-family:Georgia,'Liberation Serif',serif">
  ${mark(52)}<span style="font-weight:700;font-size:40px;letter-spacing:-1px;color:#111214">${site.name}</span>
</body>`;

const avatar = `<body style="margin:0;width:400px;height:400px;display:grid;place-items:center;background:#b3121f;color:#fff;font:700 260px/1 Georgia,'Liberation Serif',serif">N</body>`;
/** The mark on the accent, edge to edge: iOS rounds the corners itself; `inset` keeps a maskable icon's safe zone (the middle 80%). */
const appIcon = (size: number, inset = 0) =>
  `<body style="margin:0;width:${size}px;height:${size}px;background:#b3121f;display:grid;place-items:center"><span style="color:#fff;font:700 ${Math.round(size * (1 - inset) * 0.7)}px/1 Georgia,'Liberation Serif',serif">N</span></body>`;

/** Android's status-bar badge: white on transparent (it is drawn as a mask). */
const badge = `<body style="margin:0;width:72px;height:72px;background:transparent;display:grid;place-items:center"><span style="color:#fff;font:700 60px/1 Georgia,'Liberation Serif',serif">N</span></body>`;

const browser = await launchChromium();
try {
  for (const [file, html, width, height] of [
    ['og-image.png', shareCard, 1200, 630],
    ['logo.png', logo, 600, 60],
    ['fediverse-avatar.png', avatar, 400, 400],
    ['icons/icon-192.png', appIcon(192), 192, 192],
    ['icons/icon-512.png', appIcon(512), 512, 512],
    ['icons/icon-maskable-512.png', appIcon(512, 0.2), 512, 512],
    ['apple-touch-icon.png', appIcon(180), 180, 180],
    ['icons/badge-72.png', badge, 72, 72],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(`<!doctype html><html><head><meta charset="utf-8"></head>${html}</html>`);
    await page.screenshot({ path: path.join(projectRoot, 'public', file), type: 'png', omitBackground: file.includes('badge') });
    await page.close();
    console.log(`wrote public/${file}`);
  }
} finally {
  await browser.close();
}
