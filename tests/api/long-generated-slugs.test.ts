import { describe, expect, it } from 'vitest';
import { createStory, signUp } from './support/api.ts';

describe('generated slugs for long titles', () => {
  // D1 rejects LIKE patterns over 50 bytes; the free-slug lookup must not depend on one.
  it('numbers a taken slug of any length', async () => {
    const { token } = await signUp('reporter');
    // Another story's row makes the database compare its slug with the free-slug pattern.
    await createStory(token, { title: 'Short' });
    const title = 'Inside the Contracts: How One Paving Firm Won Fourteen Million Dollars Without a Single Competing Bid';
    const first = await createStory(token, { title });
    const second = await createStory(token, { title });
    expect(first.slug).toBe('inside-the-contracts-how-one-paving-firm-won-fourteen-million-dollars-without-a-single-competing-bid');
    expect(second.slug).toBe(`${first.slug}-2`);
  });
});
