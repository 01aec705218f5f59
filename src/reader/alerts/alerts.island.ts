import { BREAKING, beatTopic } from '../../domain/alerts/topics.ts';
import { stringProp, type IslandProps } from '../../web/islands/island.ts';
import { disclosure } from '../frame/disclosure.ts';
import { applicationServerKey, forgetSubscription, saveSubscription, storedTopics, storeTopics } from './alerts-client.ts';
import { alertSupport, topicList, type BrowserFacts } from './alerts-support.ts';
import './alerts-panel.css';

/**
 * The Alerts control (an island, decision 045): in the site header (breaking news first) and on a
 * beat's page (that beat first). The worker writes a button and an empty panel; this module, loaded
 * on the first tap, fills the panel: the topics to choose, "Turn on alerts" (the browser asks for
 * permission only then, on that tap), the reader's current topics with "Save topics" and "Turn off
 * alerts", and the guide for iPhone readers, whose Safari has Web Push only from the home screen.
 */

interface Beat {
  slug: string;
  name: string;
}

type Child = Node | string | null | false;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

function browserFacts(): BrowserFacts {
  return {
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notifications: 'Notification' in window,
    permission: 'Notification' in window ? Notification.permission : null,
    standalone: matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  };
}

/** "Add to home screen, then tap Alerts": Safari on iPhone and iPad has Web Push only there (iOS 16.4 and later). */
function iphoneGuide(open: boolean): HTMLElement {
  const steps = el(
    'ol',
    { class: 'alerts-guide-steps' },
    el('li', {}, 'Tap the Share button in Safari (the square with an arrow).'),
    el('li', {}, 'Choose ', el('strong', {}, 'Add to Home Screen'), ', then ', el('strong', {}, 'Add'), '.'),
    el('li', {}, 'Open The Newsroom from your home screen and tap ', el('strong', {}, 'Alerts'), '.'),
  );
  const guide = el('details', { class: 'alerts-guide' }, el('summary', {}, 'On an iPhone or iPad?'), steps);
  guide.open = open;
  return guide;
}

async function fetchBeats(): Promise<Beat[]> {
  try {
    const res = await fetch('/api/beats');
    return res.ok ? ((await res.json()) as Beat[]).map(({ slug, name }) => ({ slug, name })) : [];
  } catch {
    return [];
  }
}

export async function mount(root: HTMLElement, props: IslandProps): Promise<void> {
  const button = root.querySelector<HTMLButtonElement>('button[aria-controls]');
  const panel = button ? document.getElementById(button.getAttribute('aria-controls') ?? '') : null;
  if (!button || !panel) return;
  disclosure(root);
  const pageBeat = stringProp(props, 'beat') || null;
  let opened: Promise<void> | null = null;
  button.addEventListener('click', () => {
    opened ??= fill(panel, pageBeat).catch((error: unknown) => {
      console.error('The Alerts panel could not start', error);
      panel.replaceChildren(el('p', { class: 'alerts-note' }, 'Alerts could not be loaded. Reload the page and try again.'));
    });
  });
}

async function fill(panel: HTMLElement, pageBeat: string | null): Promise<void> {
  panel.replaceChildren(el('p', { class: 'alerts-note' }, 'Loading…'));
  const heading = el('h2', { class: 'menu-heading' }, 'Breaking-news alerts');
  const support = alertSupport(browserFacts());
  if (support === 'install-first') {
    panel.replaceChildren(
      heading,
      el('p', { class: 'alerts-note' }, 'On iPhone and iPad, alerts come to The Newsroom on your home screen.'),
      iphoneGuide(true),
    );
    return;
  }
  if (support === 'unsupported') {
    panel.replaceChildren(
      heading,
      el('p', { class: 'alerts-note' }, 'This browser cannot show alerts. Chrome, Edge, Firefox and Safari can.'),
    );
    return;
  }

  // Made ready when the panel opens, so that the tap on "Turn on alerts" goes straight to the browser's
  // prompt: Safari allows it only within the tap, not after a network round trip.
  const [key, beats, registration, saved] = await Promise.all([
    applicationServerKey().catch(() => null),
    fetchBeats(),
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).then(() => navigator.serviceWorker.ready),
    storedTopics(),
  ]);
  if (key === null) {
    panel.replaceChildren(heading, el('p', { class: 'alerts-note' }, 'Alerts are not available right now. Try again later.'));
    return;
  }
  let subscription = await registration.pushManager.getSubscription();
  const names = new Map<string, string>([[BREAKING, 'Breaking news'], ...beats.map((beat) => [beatTopic(beat.slug), beat.name] as const)]);
  // The topics this browser's alerts are on for, or null while they are off.
  let on: string[] | null = subscription ? (saved ?? [BREAKING]) : null;
  const ticked = new Set(on ?? [pageBeat && names.has(beatTopic(pageBeat)) ? beatTopic(pageBeat) : BREAKING]);

  const box = (topic: string, label: string, hint?: string) =>
    el(
      'label',
      { class: 'alerts-topic' },
      el('input', { type: 'checkbox', name: 'topic', value: topic, ...(ticked.has(topic) ? { checked: '' } : {}) }),
      el('span', {}, label, hint ? el('span', { class: 'alerts-hint' }, hint) : null),
    );
  const form = el(
    'form',
    { class: 'alerts-form' },
    el(
      'fieldset',
      {},
      el('legend', { class: 'visually-hidden' }, 'Send me alerts for'),
      box(BREAKING, 'Breaking news', 'Our biggest stories, as they break'),
      beats.length > 0 ? el('p', { class: 'alerts-beats-heading' }, 'Beats') : null,
      ...beats.map((beat) => box(beatTopic(beat.slug), beat.name)),
    ),
  );
  const status = el('p', { class: 'alerts-status', role: 'status' });
  const primary = el('button', { type: 'submit', class: 'button button-primary button-small' });
  const off = el('button', { type: 'button', class: 'button button-secondary button-small' }, 'Turn off alerts');
  form.append(el('div', { class: 'button-row alerts-actions' }, primary, off));

  const chosen = () => [...form.querySelectorAll<HTMLInputElement>('input[name="topic"]:checked')].map((input) => input.value);
  const describe = (topics: readonly string[]) => topicList(topics.map((topic) => names.get(topic) ?? topic));
  const show = (message?: string) => {
    primary.textContent = on ? 'Save topics' : 'Turn on alerts';
    off.hidden = !on;
    status.textContent = message ?? (on ? `Alerts are on for ${describe(on)}.` : 'Get the news on your lock screen as it breaks.');
  };
  const BLOCKED = 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.';
  show(support === 'blocked' ? BLOCKED : undefined);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const topics = chosen();
    if (topics.length === 0) return show('Choose at least one topic.');
    void (async () => {
      primary.disabled = true;
      try {
        const isNew = subscription === null;
        if (isNew) {
          try {
            // The first thing the tap does: the browser asks the reader now, and only now.
            subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
          } catch {
            return show(
              Notification.permission === 'denied' ? BLOCKED : 'This browser did not allow alerts. Try again, or try another browser.',
            );
          }
        }
        const result = await saveSubscription(subscription!.toJSON(), topics);
        if (!result.ok) {
          if (isNew) {
            await subscription!.unsubscribe().catch(() => false);
            subscription = null;
          }
          return show(result.message);
        }
        on = result.topics;
        await storeTopics(on);
        show();
      } finally {
        primary.disabled = false;
      }
    })();
  });

  off.addEventListener('click', () => {
    void (async () => {
      const ending = subscription;
      if (!ending) return show();
      off.disabled = true;
      try {
        if (!(await forgetSubscription(ending.endpoint))) return show('The newsroom could not be reached. Try again.');
        await ending.unsubscribe().catch(() => false);
        subscription = null;
        on = null;
        await storeTopics(null);
        show('Alerts are off. You will get no more from us on this device.');
      } finally {
        off.disabled = false;
      }
    })();
  });

  // Readers on a computer may want their phone to have alerts too.
  panel.replaceChildren(heading, form, status, iphoneGuide(false));
}
