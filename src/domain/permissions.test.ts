import { describe, expect, it } from 'vitest';
import { policy, staffSearchScope, storyListScope } from './permissions.ts';
import type { Actor } from './roles.ts';
import type { StoryFacts } from './story/story.ts';

const actors = {
  anonymous: null,
  author: { id: 1, role: 'reporter' },
  otherReporter: { id: 2, role: 'reporter' },
  admin: { id: 3, role: 'admin' },
} satisfies Record<string, Actor>;
type ActorName = keyof typeof actors;

const story = (status: StoryFacts['status'], authorId = actors.author.id): StoryFacts => ({ authorId, status });

/** Each row: a question the policy answers, and the answer for anonymous / author / other reporter / admin. */
const table: { question: string; ask: (actor: Actor) => boolean; answers: Record<ActorName, boolean> }[] = [
  { question: 'isSignedIn', ask: policy.isSignedIn, answers: { anonymous: false, author: true, otherReporter: true, admin: true } },
  { question: 'isReporter', ask: policy.isReporter, answers: { anonymous: false, author: true, otherReporter: true, admin: true } },
  { question: 'isAdmin', ask: policy.isAdmin, answers: { anonymous: false, author: false, otherReporter: false, admin: true } },
  {
    question: 'canManageUsers',
    ask: policy.canManageUsers,
    answers: { anonymous: false, author: false, otherReporter: false, admin: true },
  },
  {
    question: 'canSeeNewsroomStories',
    ask: policy.canSeeNewsroomStories,
    answers: { anonymous: false, author: false, otherReporter: false, admin: true },
  },
  {
    question: 'canManageBeats',
    ask: policy.canManageBeats,
    answers: { anonymous: false, author: false, otherReporter: false, admin: true },
  },
  {
    question: 'canReadAnalytics',
    ask: policy.canReadAnalytics,
    answers: { anonymous: false, author: false, otherReporter: false, admin: true },
  },
  { question: 'canCreateStory', ask: policy.canCreateStory, answers: { anonymous: false, author: true, otherReporter: true, admin: true } },

  {
    question: 'canViewStory(published)',
    ask: (a) => policy.canViewStory(a, story('published')),
    answers: { anonymous: true, author: true, otherReporter: true, admin: true },
  },
  {
    question: 'canViewStory(draft)',
    ask: (a) => policy.canViewStory(a, story('draft')),
    answers: { anonymous: false, author: true, otherReporter: false, admin: true },
  },
  {
    question: 'canViewStory(archived)',
    ask: (a) => policy.canViewStory(a, story('archived')),
    answers: { anonymous: false, author: true, otherReporter: false, admin: true },
  },
  {
    question: 'canViewStory(admin’s draft)',
    ask: (a) => policy.canViewStory(a, story('draft', actors.admin.id)),
    answers: { anonymous: false, author: false, otherReporter: false, admin: true },
  },

  {
    question: 'canEditStory(published)',
    ask: (a) => policy.canEditStory(a, story('published')),
    answers: { anonymous: false, author: true, otherReporter: false, admin: true },
  },
  {
    question: 'canEditStory(draft)',
    ask: (a) => policy.canEditStory(a, story('draft')),
    answers: { anonymous: false, author: true, otherReporter: false, admin: true },
  },
  {
    question: 'canEditStory(archived)',
    ask: (a) => policy.canEditStory(a, story('archived')),
    answers: { anonymous: false, author: true, otherReporter: false, admin: true },
  },
  {
    question: 'canEditStory(admin’s published)',
    ask: (a) => policy.canEditStory(a, story('published', actors.admin.id)),
    answers: { anonymous: false, author: false, otherReporter: false, admin: true },
  },

  {
    question: 'canDeleteStory(published)',
    ask: (a) => policy.canDeleteStory(a, story('published')),
    answers: { anonymous: false, author: true, otherReporter: false, admin: true },
  },
  {
    question: 'canDeleteStory(draft)',
    ask: (a) => policy.canDeleteStory(a, story('draft')),
    answers: { anonymous: false, author: true, otherReporter: false, admin: true },
  },
];

const rows = table.flatMap(({ question, ask, answers }) =>
  (Object.keys(actors) as ActorName[]).map((name) => ({ question, ask, name, expected: answers[name] })),
);

describe('policy', () => {
  it.each(rows)('$question for $name is $expected', ({ ask, name, expected }) => {
    expect(ask(actors[name])).toBe(expected);
  });

  it('does not take a role it does not know for a reporter or admin', () => {
    const stranger = { id: 1, role: 'editor' } as unknown as Actor;
    expect(policy.isReporter(stranger)).toBe(false);
    expect(policy.isAdmin(stranger)).toBe(false);
    expect(policy.canCreateStory(stranger)).toBe(false);
    expect(policy.canEditStory(stranger, story('published'))).toBe(false);
    expect(policy.canViewStory(stranger, story('draft'))).toBe(false);
  });
});

describe('storyListScope', () => {
  it('limits anonymous callers to published stories', () => {
    expect(storyListScope(actors.anonymous)).toEqual({ kind: 'published' });
  });

  it('gives a reporter the published stories and its own', () => {
    expect(storyListScope(actors.author)).toEqual({ kind: 'published-or-own', authorId: actors.author.id });
    expect(storyListScope(actors.otherReporter)).toEqual({ kind: 'published-or-own', authorId: actors.otherReporter.id });
  });

  it('gives an admin every story', () => {
    expect(storyListScope(actors.admin)).toEqual({ kind: 'all' });
  });
});

describe('staffSearchScope', () => {
  it('searches a reporter’s own stories, and the whole newsroom for whoever may see it', () => {
    expect(staffSearchScope(actors.author)).toEqual({ kind: 'own', authorId: actors.author.id });
    expect(staffSearchScope(actors.admin)).toEqual({ kind: 'all' });
  });
});
