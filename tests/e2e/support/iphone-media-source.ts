import type { Page } from 'playwright-core';

/**
 * Makes a Chromium page look like iPhone Safari 17.1+ to a video player: no `window.MediaSource`,
 * a `ManagedMediaSource` instead, with what Safari asks of it (WebKit's explainer and MDN):
 *  - it opens only for a media element with `disableRemotePlayback` set (no AirPlay alternative
 *    here): otherwise `sourceopen` never reaches the page, as on the iPhone;
 *  - `streaming` says whether the browser wants data: `startstreaming` fires once it is open and
 *    whenever the buffer ahead runs low, `endstreaming` when there is plenty ahead (or when the test
 *    holds it, as Safari does on low power), and a player must not fetch meanwhile.
 * `window.__managedMediaSource` counts what happened, for the journey to check.
 */
export interface ManagedMediaSourceRecord {
  created: number;
  opened: number;
  refusedWithoutDisableRemotePlayback: number;
  startstreaming: number;
  endstreaming: number;
  streaming: boolean;
}

export async function emulateIphoneMediaSource(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.MediaSource;
    const record = { created: 0, opened: 0, refusedWithoutDisableRemotePlayback: 0, startstreaming: 0, endstreaming: 0, streaming: false };
    const sources = new Map<string, MediaSource>();
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = createObjectURL(object);
      if (object instanceof Native) sources.set(url, object);
      return url;
    };
    const HIGH_WATER = 8;
    const LOW_WATER = 3;

    class ManagedMediaSource extends Native {
      private wanted = false;
      private heldUntil = 0;
      private video: HTMLMediaElement | null = null;

      constructor() {
        super();
        record.created++;
        // Registered first, so it runs before the page's own listener and can keep it from opening.
        this.addEventListener('sourceopen', (event) => {
          const url = [...sources].find(([, source]) => source === this)?.[0];
          this.video = Array.from(document.querySelectorAll('video')).find((video) => video.src === url) ?? null;
          if (!this.video?.disableRemotePlayback) {
            record.refusedWithoutDisableRemotePlayback++;
            event.stopImmediatePropagation();
            return;
          }
          record.opened++;
          setTimeout(() => this.setStreaming(true), 0);
          const timer = setInterval(() => {
            if (this.readyState === 'closed') return clearInterval(timer);
            const video = this.video!;
            const buffered = video.buffered;
            const ahead = buffered.length > 0 ? buffered.end(buffered.length - 1) - video.currentTime : 0;
            if (Date.now() < this.heldUntil) return;
            if (this.wanted && ahead > HIGH_WATER) this.setStreaming(false);
            else if (!this.wanted && ahead < LOW_WATER) this.setStreaming(true);
          }, 200);
        });
      }

      get streaming(): boolean {
        return this.wanted;
      }

      /** As Safari does on low power: no data wanted for `ms`. */
      hold(ms: number): void {
        this.heldUntil = Date.now() + ms;
        this.setStreaming(false);
        setTimeout(() => this.setStreaming(true), ms);
      }

      private setStreaming(on: boolean): void {
        if (this.wanted === on) return;
        this.wanted = on;
        record.streaming = on;
        record[on ? 'startstreaming' : 'endstreaming']++;
        this.dispatchEvent(new Event(on ? 'startstreaming' : 'endstreaming'));
      }
    }

    const holder = window as unknown as Record<string, unknown>;
    delete holder.MediaSource;
    holder.ManagedMediaSource = ManagedMediaSource;
    holder.ManagedSourceBuffer = window.SourceBuffer;
    holder.__managedMediaSource = record;
    holder.__holdManagedMediaSource = (ms: number) => {
      for (const source of sources.values()) if (source instanceof ManagedMediaSource) source.hold(ms);
    };
  });
}

export function managedMediaSourceRecord(page: Page): Promise<ManagedMediaSourceRecord> {
  return page.evaluate(() => (window as unknown as { __managedMediaSource: ManagedMediaSourceRecord }).__managedMediaSource);
}

/** Safari stops wanting data for `ms` (low power, say): a player honouring it makes no new request meanwhile. */
export function holdManagedMediaSource(page: Page, ms: number): Promise<void> {
  return page.evaluate(
    (hold) => (window as unknown as { __holdManagedMediaSource: (ms: number) => void }).__holdManagedMediaSource(hold),
    ms,
  );
}
