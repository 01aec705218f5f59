import { describe, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createStory, signUp } from './support/api.ts';
import { follow, peerActor, peerHosts, received, runDeliveries, trustAccount } from './support/fediverse.ts';

describe('fed smoke', () => {
  it('publish', async () => {
    const [, , a] = peerHosts();
    const reporter = await signUp('reporter', { username: 'daniel.reyes' });
    await createStory(reporter.token, { title: 'First word', status: 'published' });
    const erin = await peerActor(a!, 'erin');
    await trustAccount(a!, String(reporter.user.id));
    await trustAccount(a!, 'newsroom');
    await follow(erin, String(reporter.user.id));
    console.log('RUN', await runDeliveries());
    await createStory(reporter.token, { title: 'Second', status: 'published' });
    console.log('CHANGES', JSON.stringify((await env.DB.prepare('SELECT * FROM fediverse_changes').all()).results));
    console.log('OBJ', JSON.stringify((await env.DB.prepare('SELECT * FROM fediverse_objects').all()).results));
    console.log('ACT', JSON.stringify((await env.DB.prepare('SELECT id, type, inboxes FROM fediverse_activities').all()).results));
    console.log('JOBS', JSON.stringify((await env.DB.prepare('SELECT * FROM jobs').all()).results));
    console.log('RUN', await runDeliveries());
    console.log('DEL', JSON.stringify((await env.DB.prepare('SELECT * FROM fediverse_deliveries').all()).results));
    console.log('GOT', JSON.stringify((await received(a!)).map((e) => [e.activity?.type, e.verified, e.reason])));
  });
});
