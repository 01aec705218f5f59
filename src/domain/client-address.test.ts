import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey(' 127.0.0.1 ')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    expect(clientAddressKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(key);
    expect(clientAddressKey('2001:0DB8:85a3:08d3:ffff::1')).toBe(key);
    expect(clientAddressKey('2001:db8:85a3:8d3::')).toBe(key);
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('takes an IPv4 address written as IPv6 for the IPv4 one', () => {
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('shares one key without an address, and keeps what is not an address as it came', () => {
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('')).toBe('unknown');
    expect(clientAddressKey('1:2:3')).toBe('1:2:3');
    expect(clientAddressKey('1::2::3')).toBe('1::2::3');
  });
});
