import { describe, expect, it } from 'vitest';
import type { Story } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { RecordingJobQueue } from '../jobs/in-memory-jobs.test-support.ts';
import { InMemoryAlerts, ScriptedPush } from './in-memory-alerts.test-support.ts';
import { sendAlert } from './send-alert.ts';

const T0 = '2026-11-27T10:00:00.000Z';
const author = { id: 2, role: 'reporter', email: 'maya@n.example', isActive: true } as User;
const admin = { id: 1, role: 'admin', email: 'chief@newsroom.example.org', isActive: true } as User;
const story = { id: 7, slug: 'levee-breach', title: 'Levee breach', description: 'Leave now.', status: 'published', authorId: 2 } as Story;

function setUp(stories: Story[] = [story], settings: unknown = undefined) {
  const alerts = new InMemoryAlerts();
  const queue = new RecordingJobQueue();
  const push = new ScriptedPush();
  const deps = {
    stories: { findById: async (id: number) => stories.find((s) => s.id === id) ?? null },
    beats: { list: async () => [{ id: 3, slug: 'politics', name: 'Politics', description: null, createdAt: T0 }] },
    alerts,
    settings: { get: async () => settings, put: async () => {} },
    users: { list: async () => [author, admin] },
    pushKeys: push,
    jobs: { queue },
    clock: { now: () => T0 },
  };
  return { deps, alerts, queue, push };
}

describe('sending an alert', () => {
  it('queues the alert with the story’s own words, its address and the first admin as contact, and starts its job', async () => {
    const t = setUp();
    const view = await sendAlert(t.deps, author, 7, { topic: 'beat:politics' }, 'https://newsroom.example.org');
    expect(view).toEqual({
      id: 1,
      storyId: 7,
      topic: 'beat:politics',
      state: 'queued',
      recipients: 0,
      delivered: 0,
      failed: 0,
      removed: 0,
      createdAt: T0,
      finishedAt: null,
    });
    expect(t.alerts.alerts[0]).toMatchObject({
      topic: 'beat:3',
      title: 'Levee breach',
      body: 'Leave now.',
      url: 'https://newsroom.example.org/story/levee-breach',
      icon: 'https://newsroom.example.org/icons/icon-192.png',
      contact: 'mailto:chief@newsroom.example.org',
      sentBy: 2,
    });
    expect(t.queue.sent).toEqual([{ jobId: 'audience-1', kind: 'alert.audience' }]);
  });

  it('takes the setting’s contact first, and refuses to send without one push services take', async () => {
    const set = setUp([story], { contactEmail: 'desk@newsroom.example.org' });
    await sendAlert(set.deps, admin, 7, { topic: 'breaking', title: 'Evacuate Riverside' }, 'https://n.example');
    expect(set.alerts.alerts[0]).toMatchObject({ contact: 'mailto:desk@newsroom.example.org', title: 'Evacuate Riverside' });
    const none = setUp();
    none.deps.users.list = async () => [{ ...admin, email: 'admin@localhost' }];
    await expect(sendAlert(none.deps, admin, 7, { topic: 'breaking' }, 'https://n.example')).rejects.toMatchObject({
      code: 'alerts_contact_missing',
    });
  });

  it('refuses a story twice on one topic, a story not published, others’ stories, and a server without keys', async () => {
    const t = setUp([story, { ...story, id: 8, status: 'draft' }]);
    await sendAlert(t.deps, author, 7, { topic: 'breaking' }, 'https://n.example');
    await expect(sendAlert(t.deps, admin, 7, { topic: 'breaking' }, 'https://n.example')).rejects.toMatchObject({
      code: 'already_alerted',
      details: { alertId: 1 },
    });
    await expect(sendAlert(t.deps, author, 8, { topic: 'breaking' }, 'https://n.example')).rejects.toMatchObject({ code: 'not_published' });
    await expect(sendAlert(t.deps, { ...author, id: 5 }, 7, { topic: 'breaking' }, 'https://n.example')).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await expect(sendAlert(t.deps, author, 99, { topic: 'breaking' }, 'https://n.example')).rejects.toMatchObject({ kind: 'not_found' });
    t.push.publicKey = null;
    await expect(sendAlert(t.deps, author, 7, { topic: 'beat:politics' }, 'https://n.example')).rejects.toMatchObject({
      code: 'alerts_not_configured',
    });
    expect(t.alerts.alerts).toHaveLength(1);
  });
});
