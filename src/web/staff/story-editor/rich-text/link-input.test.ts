import { describe, expect, it } from 'vitest';
import { isAllowedLink, LINK_PROTOCOLS, parseLinkInput } from './link-input.ts';

describe('isAllowedLink', () => {
  it("allows exactly docs/product/rules.md#validation's schemes", () => {
    for (const scheme of LINK_PROTOCOLS) expect(isAllowedLink(`${scheme}:x`)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd']) {
      expect(isAllowedLink(bad)).toBe(false);
    }
  });

  it('allows links within the site but not protocol-relative ones', () => {
    expect(isAllowedLink('/story/x')).toBe(true);
    expect(isAllowedLink('#notes')).toBe(true);
    expect(isAllowedLink('//evil.example/x')).toBe(false);
  });
});

describe('parseLinkInput', () => {
  it('removes the link when the answer is blank', () => {
    expect(parseLinkInput('  ')).toEqual({ kind: 'remove' });
  });

  it('adds the scheme a bare address obviously means', () => {
    expect(parseLinkInput('example.com/a')).toEqual({ kind: 'link', href: 'https://example.com/a' });
    expect(parseLinkInput('desk@example.com')).toEqual({ kind: 'link', href: 'mailto:desk@example.com' });
    expect(parseLinkInput('https://example.com')).toEqual({ kind: 'link', href: 'https://example.com' });
  });

  it('refuses other schemes and text that is no address', () => {
    expect(parseLinkInput('javascript:alert(1)')).toEqual({ kind: 'invalid' });
    expect(parseLinkInput('not a link')).toEqual({ kind: 'invalid' });
  });
});
