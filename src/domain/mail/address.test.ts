import { describe, expect, it } from 'vitest';
import { addressAsStored, domainOf, isMailAddress, MAIL_ADDRESS_MAX } from './address.ts';

describe('mail addresses', () => {
  it('takes ordinary addresses, trimmed and in lower case', () => {
    for (const typed of ['Reader@Example.com', ' a.b+news@mail.example.co.uk ', "o'brien@example.ie", 'x@a-b.example'])
      expect(isMailAddress(addressAsStored(typed)), typed).toBe(true);
    expect(addressAsStored(' Reader@Example.COM ')).toBe('reader@example.com');
  });

  it('refuses what is not one mailbox the newsroom can reach', () => {
    for (const typed of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@localhost',
      'a@example',
      'a@-example.com',
      'a@example-.com',
      'a@example..com',
      'a..b@example.com',
      '.a@example.com',
      'a.@example.com',
      'a b@example.com',
      '"quoted"@example.com',
      'josé@example.com',
      'a@exämple.com',
      'a@example.com\r\nBcc: x@example.com',
      'a@192.168.0.1',
      'a@[127.0.0.1]',
      `${'l'.repeat(65)}@example.com`,
    ])
      expect(isMailAddress(addressAsStored(typed)), JSON.stringify(typed)).toBe(false);
  });

  it('holds the 254-character limit exactly', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(60)}.com`;
    const fits = `${'a'.repeat(MAIL_ADDRESS_MAX - domain.length - 1)}@${domain}`;
    expect(fits.length).toBe(254);
    expect(isMailAddress(fits)).toBe(true);
    expect(isMailAddress(`a${fits}`)).toBe(false);
  });

  it('finds the domain', () => expect(domainOf('a@news.example.com')).toBe('news.example.com'));
});
