import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit.ts';
import { auditActionWords, auditTargetWords } from './audit-words.ts';

describe('the audit log in plain words', () => {
  it('says each action as a person would', () => {
    expect(auditActionWords('auth.login_succeeded')).toBe('Signed in');
    expect(auditActionWords('story.published')).toBe('Published a story');
    expect(auditActionWords('user.deactivated')).toBe('Deleted an account');
  });

  it('has words for every action the log writes, none of them a code', () => {
    for (const action of AUDIT_ACTIONS) {
      const words = auditActionWords(action);
      expect(words, action).not.toMatch(/[._]/);
      expect(words, action).toMatch(/^[A-Z]/);
    }
    for (const type of AUDIT_TARGET_TYPES) expect(auditTargetWords(type), type).toMatch(/^[A-Z][a-z ]+$/);
  });

  it('still reads for a code it does not know', () => {
    expect(auditActionWords('billing.plan_changed')).toBe('Billing: plan changed');
    expect(auditActionWords('newsletter.sent')).toBe('Newsletter: sent');
    expect(auditActionWords('maintenance')).toBe('Maintenance');
    expect(auditActionWords('')).toBe('Unknown action');
    expect(auditActionWords('toString')).toBe('ToString');
    expect(auditTargetWords('tier')).toBe('Tier');
  });
});
