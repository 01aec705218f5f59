import { describe, expect, it } from 'vitest';
import type { Story } from '../../domain/story/entities.ts';
import type { FederationOutbox, ObjectRecord, OutgoingActivity, PendingChange } from '../../domain/federation/ports.ts';
import type { SentObject } from '../../domain/federation/sync.ts';
import type { KeyEventSource } from '../../domain/federation/ports.ts';
import { syncObject, syncPendingChanges, type ActivityWriter, type SyncDeps } from './sync-changes.ts';

const baseStory = {
  id: 5,
  title: 'Council vote',
  slug: 'council-vote',
  description: 'The vote.',
  content: '<p>5 to 4.</p>',
  authorId: 7,
  status: 'published',
  access: 'public',
  publishedAt: '2026-05-01T10:00:00.000Z',
  featuredImageUrl: null,
  featuredImageAlt: null,
  thumbnailUrl: null,
  beat: null,
  corrections: [],
} as unknown as Story;

/** The outbox in memory: objects as sent, and what each record wrote. */
class MemoryOutbox implements Pick<FederationOutbox, 'sent' | 'storyOf' | 'generations' | 'record' | 'pendingChanges' | 'finishChange'> {
  objects = new Map<string, SentObject & { storyId: number | null }>();
  recorded: { object: ObjectRecord; activities: OutgoingActivity[] }[] = [];
  changes: PendingChange[] = [];
  /** A write by someone else lands between our read and our write. */
  raceOnce = false;

  async sent(kind: string, ref: number) {
    const found = this.objects.get(`${kind}:${ref}`);
    return found ? { ...found } : null;
  }
  async storyOf(kind: string, ref: number) {
    return this.objects.get(`${kind}:${ref}`)?.storyId ?? null;
  }
  async generations(kind: string, refs: readonly number[]) {
    const map = new Map<number, { generation: number; state: 'live' | 'deleted' }>();
    for (const ref of refs) {
      const found = this.objects.get(`${kind}:${ref}`);
      if (found) map.set(ref, { generation: found.generation, state: found.state });
    }
    return map;
  }
  async record(object: ObjectRecord, expected: SentObject | null, activities: readonly OutgoingActivity[]) {
    const key = `${object.kind}:${object.ref}`;
    if (this.raceOnce) {
      this.raceOnce = false;
      return null;
    }
    if ((this.objects.get(key)?.seq ?? null) !== (expected?.seq ?? null)) return null;
    this.objects.set(key, { ...object, seq: (expected?.seq ?? 0) + 1, storyId: object.storyId });
    this.recorded.push({ object, activities: [...activities] });
    return activities.map((activity) => ({ jobId: `job-${activity.id}` }));
  }
  async pendingChanges(limit: number) {
    return this.changes.slice(0, limit);
  }
  async finishChange(change: PendingChange) {
    this.changes = this.changes.filter((c) => c !== change);
  }
}

function setUp(initial: Partial<Story> = {}) {
  let story: Story | null = { ...baseStory, ...initial } as Story;
  const updates = new Map<number, KeyEventSource>();
  const outbox = new MemoryOutbox();
  const queued: string[] = [];
  let ids = 0;
  const writer: ActivityWriter = {
    create: async (object) => `Create ${object.draft.type} ${object.generation}`,
    update: async (object) => `Update ${object.draft.type} ${object.generation}`,
    delete: async (kind, ref, generation, account) => `Delete ${kind} ${ref} ${generation} by ${account}`,
    announce: async (object) => `Announce ${object.generation}`,
    newId: () => `a${++ids}`,
  };
  const deps: SyncDeps = {
    outbox: outbox as unknown as FederationOutbox,
    stories: { findById: async (id) => (story && story.id === id ? story : null) },
    keyEvents: { find: async (id) => updates.get(id) ?? null },
    writer,
    digest: async (text) => `#${text.length}:${text}`,
    queue: { send: async (jobs) => void queued.push(...jobs.map((job) => job.jobId)) },
    clock: { now: () => '2026-05-01T12:00:00.000Z' },
  };
  const setStory = (next: Partial<Story> | null) => {
    story = next === null ? null : ({ ...story!, ...next } as Story);
  };
  return { deps, outbox, queued, setStory, updates };
}

const bodies = (outbox: MemoryOutbox) => outbox.recorded.map((record) => record.activities.map((activity) => activity.body));

describe('bringing followers up to date with a story', () => {
  it('creates a published story for the author’s and the newsroom’s followers, with the newsroom’s boost for its own', async () => {
    const { deps, outbox, queued } = setUp();
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'create', generation: 1 });
    const [record] = outbox.recorded;
    expect(record!.activities.map((a) => [a.type, a.account, a.audience])).toEqual([
      ['Create', '7', { followersOf: ['7', 'newsroom'] }],
      ['Announce', 'newsroom', { followersOf: ['newsroom'] }],
    ]);
    expect(queued).toEqual(['job-a1', 'job-a2']);
  });

  it('sends an Update only when what followers see changed', async () => {
    const { deps, outbox, setStory } = setUp();
    await syncObject(deps, 'story', 5);
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'none' });
    setStory({ content: '<p>5 to 4, after a recount.</p>' });
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'update', generation: 1 });
    expect(bodies(outbox)[1]).toEqual(['Update Article 1']);
  });

  it('deletes an unpublished or deleted story, and creates it anew (next generation) when published again', async () => {
    const { deps, outbox, setStory } = setUp();
    await syncObject(deps, 'story', 5);
    setStory({ status: 'draft' });
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'delete', generation: 1, account: '7' });
    setStory(null);
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'none' });
    setStory({ ...baseStory });
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'create', generation: 2 });
    expect(bodies(outbox)).toEqual([['Create Article 1', 'Announce 1'], ['Delete story 5 1 by 7'], ['Create Article 2', 'Announce 2']]);
  });

  it('writes nothing and queues nothing when another run recorded the change first', async () => {
    const { deps, outbox, queued } = setUp();
    outbox.raceOnce = true;
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'none' });
    expect(outbox.recorded).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('keeps the state without activities until the fediverse first asked for the site (nobody can follow yet)', async () => {
    const { deps, outbox, queued } = setUp();
    await syncObject({ ...deps, writer: null }, 'story', 5);
    expect(outbox.recorded).toEqual([{ object: expect.objectContaining({ state: 'live', generation: 1 }), activities: [] }]);
    expect(queued).toEqual([]);
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'none' });
  });

  it('sends a live blog’s key event as a Note, and takes it back when it stops being one', async () => {
    const { deps, outbox, updates } = setUp({ format: 'liveblog' } as Partial<Story>);
    await syncObject(deps, 'story', 5);
    updates.set(9, { id: 9, storyId: 5, body: '<p>Concedes.</p>', keyEvent: true, deleted: false, createdAt: '2026-05-01T11:00:00.000Z' });
    expect(await syncObject(deps, 'update', 9)).toEqual({ kind: 'create', generation: 1 });
    expect(outbox.recorded.at(-1)!.activities.map((a) => a.type)).toEqual(['Create']);
    updates.set(9, { ...updates.get(9)!, keyEvent: false });
    expect(await syncObject(deps, 'update', 9)).toEqual({ kind: 'delete', generation: 1, account: '7' });
  });

  it('records an old story never sent without pushing it into feeds, and tells its later edits as Updates', async () => {
    const { deps, outbox, queued, setStory } = setUp({ publishedAt: '2026-04-01T10:00:00.000Z' });
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'create', generation: 1 });
    expect(outbox.recorded[0]!.activities).toEqual([]);
    expect(queued).toEqual([]);
    setStory({ title: 'Council vote, corrected' });
    expect(await syncObject(deps, 'story', 5)).toEqual({ kind: 'update', generation: 1 });
  });

  it('works through the noted changes and forgets each once done', async () => {
    const { deps, outbox } = setUp();
    outbox.changes = [
      { kind: 'story', ref: 5, n: 2 },
      { kind: 'story', ref: 999, n: 1 },
    ];
    expect(await syncPendingChanges(deps)).toBe(1);
    expect(outbox.changes).toEqual([]);
  });
});
