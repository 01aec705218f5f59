import { chromium, type Browser } from 'playwright-core';

/**
 * The one Chromium launcher, for the scripts (benchmark, generators) and the e2e harness alike.
 * Debian's Chromium (apt-get install -y chromium); playwright's own browser download does not work
 * on these machines. CHROMIUM_PATH points elsewhere (Lighthouse gets it as its CHROME_PATH).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
/** A real (synthetic) camera and microphone, allowed without a prompt: for recording and live streams. */
export const FAKE_MEDIA_FLAGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export function launchChromium(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...extraFlags], headless: true });
}
