import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time.ts';

describe('the schedule in the reporter’s time zone', () => {
  it('shows a stored UTC time back as the same local time it was typed as', () => {
    const typed = '2026-11-23T06:00';
    const stored = fromLocalInput(typed);
    expect(stored).toBe(new Date(2026, 10, 23, 6, 0).toISOString());
    expect(toLocalInput(stored)).toBe(typed);
  });

  it('has none for a blank or broken value', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });
});
