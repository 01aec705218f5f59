import { describe, expect, it } from 'vitest';
import type { Story } from '../../domain/story/entities.ts';
import type { NewReply } from '../../domain/federation/ports.ts';
import { follow, receiveDelete, receiveReaction, receiveReply, type InboxDeps } from './inbox.ts';

const ORIGIN = 'https://news.example';
const actor = { uri: 'https://m.example/users/ann', name: 'Ann', handle: '@ann@m.example', url: null };

function setUp({ blocked = [] as string[], published = true } = {}) {
  const replies: NewReply[] = [];
  const reactions: string[] = [];
  const followers: string[] = [];
  const removed: string[] = [];
  const deps: InboxDeps = {
    followers: {
      add: async (follower, _accept, _now, maxPerServer) => {
        const key = `${follower.account} ${follower.actor.uri} ${follower.inbox}`;
        if (followers.some((known) => known.startsWith(`${follower.account} ${follower.actor.uri} `)))
          return { outcome: 'again' as const, jobs: [] };
        if (followers.length >= maxPerServer) return { outcome: 'full' as const, jobs: [] };
        followers.push(key);
        return { outcome: 'new' as const, jobs: [{ jobId: 'j1' }] };
      },
      remove: async () => true,
      removeActor: async (uri) => void removed.push(`followers ${uri}`),
      count: async () => followers.length,
    },
    replies: {
      add: async (reply, _now, maxPending) => replies.length < maxPending && (replies.push(reply), true),
      edit: async () => {},
      remove: async (uri) => void removed.push(`reply ${uri}`),
      removeActor: async (uri) => void removed.push(`replies ${uri}`),
      list: async () => ({ items: [], total: 0 }),
      moderate: async () => null,
      approved: async () => [],
      counts: async () => ({ pending: 0, approved: 0, hidden: 0 }),
    },
    reactions: {
      add: async (reaction) => (reactions.push(`${reaction.kind} ${reaction.storyId} ${reaction.actorUri}`), true),
      remove: async () => {},
      removeActor: async (uri) => void removed.push(`reactions ${uri}`),
      counts: async () => ({ likes: 0, boosts: 0 }),
    },
    blocks: {
      list: async () => [],
      add: async () => null,
      remove: async () => false,
      isBlocked: async (host, uri) => blocked.includes(host) || (uri !== null && blocked.includes(uri)),
    },
    outbox: { storyOf: async (kind, ref) => (kind === 'update' && ref === 9 ? 5 : null) },
    stories: {
      findById: async (id) =>
        id === 5 ? ({ id: 5, status: published ? 'published' : 'draft', publishedAt: '2026-05-01T10:00:00.000Z' } as Story) : null,
    },
    remoteHtml: { sanitize: (html) => html.replace(/<script.*?<\/script>/g, '') },
    queue: { send: async () => {} },
    clock: { now: () => '2026-05-01T12:00:00.000Z' },
    origin: ORIGIN,
  };
  return { deps, replies, reactions, followers, removed };
}

const note = (inReplyTo: string) => ({
  uri: 'https://m.example/notes/1',
  inReplyTo,
  actor,
  url: null,
  content: '<p>Hi</p><script>x</script>',
  published: null,
});

describe('the inbox’s rules', () => {
  it('keeps a reply to one of our published stories (or their key events), sanitised and pending, dated now when it says no date', async () => {
    const { deps, replies } = setUp();
    expect(await receiveReply(deps, note(`${ORIGIN}/ap/articles/5`))).toBe(true);
    expect(await receiveReply(deps, { ...note(`${ORIGIN}/ap/notes/9`), uri: 'https://m.example/notes/2' })).toBe(true);
    expect(replies.map((reply) => [reply.storyId, reply.content, reply.publishedAt, reply.host])).toEqual([
      [5, '<p>Hi</p>', '2026-05-01T12:00:00.000Z', 'm.example'],
      [5, '<p>Hi</p>', '2026-05-01T12:00:00.000Z', 'm.example'],
    ]);
  });

  it('keeps nothing that is not about a published story of ours, and nothing from a blocked account or server', async () => {
    expect(await receiveReply(setUp().deps, note('https://elsewhere.example/ap/articles/5'))).toBe(false);
    expect(await receiveReply(setUp({ published: false }).deps, note(`${ORIGIN}/ap/articles/5`))).toBe(false);
    expect(await receiveReply(setUp().deps, note(`${ORIGIN}/ap/articles/6`))).toBe(false);
    expect(await receiveReply(setUp({ blocked: ['m.example'] }).deps, note(`${ORIGIN}/ap/articles/5`))).toBe(false);
    expect(
      await receiveReaction(setUp({ blocked: [actor.uri] }).deps, {
        kind: 'like',
        activityUri: 'x',
        actorUri: actor.uri,
        objectUri: `${ORIGIN}/ap/articles/5`,
      }),
    ).toBe(false);
  });

  it('counts a like or boost of a published story', async () => {
    const { deps, reactions } = setUp();
    expect(
      await receiveReaction(deps, {
        kind: 'boost',
        activityUri: 'https://m.example/b/1',
        actorUri: actor.uri,
        objectUri: `${ORIGIN}/ap/articles/5`,
      }),
    ).toBe(true);
    expect(reactions).toEqual([`boost 5 ${actor.uri}`]);
  });

  it('takes a deleted account’s follows, replies and reactions with it, and a deleted note alone', async () => {
    const { deps, removed } = setUp();
    await receiveDelete(deps, actor.uri, actor.uri);
    expect(removed.sort()).toEqual([`followers ${actor.uri}`, `reactions ${actor.uri}`, `replies ${actor.uri}`]);
    removed.length = 0;
    await receiveDelete(deps, actor.uri, 'https://m.example/notes/1');
    expect(removed).toEqual(['reply https://m.example/notes/1']);
  });

  it('records a follower with the Accept to its inbox, unless blocked', async () => {
    const accepted = setUp();
    const follower = {
      account: 'newsroom',
      actor,
      inboxes: { shared: 'https://m.example/inbox', own: `${actor.uri}/inbox` },
      followUri: 'https://m.example/f/1',
    };
    const accept = { id: 'a1', account: 'newsroom', type: 'Accept' as const, storyId: null, body: '{}' };
    expect(await follow(accepted.deps, follower, accept)).toBe(true);
    expect(accepted.followers).toEqual([`newsroom ${actor.uri} https://m.example/inbox`]);
    expect(await follow(setUp({ blocked: ['m.example'] }).deps, follower, accept)).toBe(false);
  });

  it('takes only an inbox on the follower’s own server, and drops the Follow without one (decision 106)', async () => {
    const accept = { id: 'a1', account: 'newsroom', type: 'Accept' as const, storyId: null, body: '{}' };
    const request = (shared: string | null, own: string | null) => ({
      account: 'newsroom',
      actor,
      inboxes: { shared, own },
      followUri: null,
    });
    const elsewhere = setUp();
    expect(await follow(elsewhere.deps, request('https://victim.example/inbox', 'https://victim.example/users/ann/inbox'), accept)).toBe(
      false,
    );
    expect(elsewhere.followers).toEqual([]);
    const own = setUp();
    expect(await follow(own.deps, request('https://victim.example/inbox', `${actor.uri}/inbox`), accept)).toBe(true);
    expect(own.followers).toEqual([`newsroom ${actor.uri} ${actor.uri}/inbox`]);
  });

  it('keeps the links of a reply only when they are http(s) (decision 106)', async () => {
    const { deps, replies } = setUp();
    await receiveReply(deps, {
      ...note(`${ORIGIN}/ap/articles/5`),
      url: 'javascript:alert(1)',
      actor: { ...actor, url: 'data:text/html,x' },
    });
    await receiveReply(deps, {
      ...note(`${ORIGIN}/ap/articles/5`),
      uri: 'https://m.example/notes/2',
      url: 'https://m.example/@ann/2',
      actor: { ...actor, url: 'https://m.example/@ann' },
    });
    expect(replies.map((reply) => [reply.url, reply.actor.url])).toEqual([
      [null, null],
      ['https://m.example/@ann/2', 'https://m.example/@ann'],
    ]);
  });
});
