import { describe, expect, it } from 'vitest';
import { ALERT_BADGE, ALERT_ICON, clickTarget, notificationFor } from './alert-notification.ts';

const origin = 'https://newsroom.example.org';

describe("the service worker's alert", () => {
  it("shows the alert's title and text with the site's badge, tagged by story, and keeps where a tap leads", () => {
    const shown = notificationFor(
      {
        title: 'Levee breach',
        body: 'Leave Riverside now.',
        url: `${origin}/story/levee`,
        icon: `${origin}/icons/icon-192.png`,
        tag: 'story-7',
      },
      origin,
    );
    expect(shown).toEqual({
      title: 'Levee breach',
      options: {
        body: 'Leave Riverside now.',
        icon: `${origin}/icons/icon-192.png`,
        badge: ALERT_BADGE,
        tag: 'story-7',
        lang: 'en',
        data: { url: `${origin}/story/levee` },
      },
    });
  });

  it('never leads or loads elsewhere: another site is replaced by our own', () => {
    const shown = notificationFor({ title: 'x', url: 'https://evil.example/phish', icon: 'https://evil.example/i.png' }, origin);
    expect(shown.options.data.url).toBe(`${origin}/`);
    expect(shown.options.icon).toBe(ALERT_ICON);
    expect(notificationFor({ title: 'x', url: 'javascript:alert(1)' }, origin).options.data.url).toBe(`${origin}/`);
    expect(notificationFor({ title: 'x', url: '/story/relative' }, origin).options.data.url).toBe(`${origin}/story/relative`);
  });

  it('shows something for a push it cannot read (browsers require a notification for every push)', () => {
    for (const data of [null, 'text', { body: 'no title' }, { title: '   ' }]) {
      expect(notificationFor(data, origin)).toMatchObject({
        title: 'The Newsroom',
        options: { data: { url: `${origin}/` }, tag: 'newsroom' },
      });
    }
  });

  it('opens the story on a tap, or the home page', () => {
    expect(clickTarget({ url: `${origin}/story/levee` }, origin)).toBe(`${origin}/story/levee`);
    expect(clickTarget({ url: 'https://elsewhere.example/' }, origin)).toBe(`${origin}/`);
    expect(clickTarget(null, origin)).toBe(`${origin}/`);
  });
});
