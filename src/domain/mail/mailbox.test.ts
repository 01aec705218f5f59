import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.ts';

describe('the mailbox an address reaches (decision 105)', () => {
  it('drops a +tag, and at Gmail the dots, and reads googlemail.com as gmail.com', () => {
    for (const address of [
      'ann.lee@gmail.com',
      'annlee@gmail.com',
      'Ann.Lee+news@GMAIL.com',
      'a.n.n.l.e.e+1+2@googlemail.com',
      ' annlee@gmail.com ',
    ])
      expect(mailboxOf(address), address).toBe('annlee@gmail.com');
  });

  it('keeps dots elsewhere, and the domain as it is', () => {
    expect(mailboxOf('ann.lee+x@example.org')).toBe('ann.lee@example.org');
    expect(mailboxOf('ann.lee@example.org')).not.toBe(mailboxOf('annlee@example.org'));
    expect(mailboxOf('ann@mail.gmail.com')).toBe('ann@mail.gmail.com');
  });

  it('leaves a local part that is only a tag alone', () => {
    expect(mailboxOf('+tag@example.org')).toBe('+tag@example.org');
  });
});
