import { describe, expect, it } from 'vitest';
import type { User } from '../../../domain/users/entities.ts';
import { activeReportersFallback } from './figure-cards.tsx';

const user = (role: User['role'], isActive: boolean) => ({ role, isActive }) as User;

describe('activeReportersFallback', () => {
  it('counts the active users with role reporter, as docs/product says when analytics gives nothing', () => {
    expect(activeReportersFallback([user('reporter', true), user('reporter', false), user('admin', true), user('reporter', true)])).toBe(2);
  });

  it('has nothing to say before the users have loaded', () => {
    expect(activeReportersFallback(undefined)).toBeUndefined();
  });
});
