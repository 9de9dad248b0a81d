import { MONITOR_MESSAGES } from './monitoring.types';
import { InvalidTargetsError, normalizeTargets, TARGET_MESSAGES } from './monitor-targets.rules';

describe('normalizeTargets', () => {
  it('trims, drops empty entries and ignores duplicates case-insensitively, keeping the order', () => {
    expect(
      normalizeTargets({
        emails: [' Jane@Example.com ', '', 'jane@example.com', 'bob@example.org'],
        handles: ['@Jane_Doe', '  ', '@jane_doe', 'instagram.com/jane.doe', 'https://instagram.com/Jane.Doe'],
      }),
    ).toEqual({ emails: ['jane@example.com', 'bob@example.org'], handles: ['@jane_doe', 'https://instagram.com/jane.doe'] });
  });

  it.each([
    [{ emails: [], handles: [] }, MONITOR_MESSAGES.noTargets],
    [{ emails: [' ', ''], handles: ['   '] }, MONITOR_MESSAGES.noTargets],
    [{ emails: ['jane'], handles: [] }, TARGET_MESSAGES.invalidEmail('jane')],
    [{ emails: ['@jane'], handles: [] }, TARGET_MESSAGES.invalidEmail('@jane')],
    [{ emails: [], handles: ['jane@example.com'] }, TARGET_MESSAGES.invalidHandle('jane@example.com')],
    [{ emails: [], handles: ['https://example.com/jane'] }, TARGET_MESSAGES.invalidHandle('https://example.com/jane')],
    [{ emails: Array.from({ length: 11 }, (_, i) => `u${i}@example.com`), handles: [] }, TARGET_MESSAGES.tooManyEmails],
    [{ emails: [], handles: Array.from({ length: 11 }, (_, i) => `@user${i}`) }, TARGET_MESSAGES.tooManyHandles],
  ])('%# refuses with the message to show', (raw, message) => {
    expect(() => normalizeTargets(raw)).toThrow(new InvalidTargetsError(message));
  });

  it('allows 10 + 10, counting duplicates once', () => {
    const emails = Array.from({ length: 10 }, (_, i) => `u${i}@example.com`);
    const handles = Array.from({ length: 10 }, (_, i) => `@user${i}`);
    expect(normalizeTargets({ emails: [...emails, ...emails.map((e) => e.toUpperCase())], handles }).emails).toHaveLength(10);
  });

  it('quotes long entries shortened', () => {
    expect(() => normalizeTargets({ emails: ['x'.repeat(300)], handles: [] })).toThrow(/^'x{77}\.\.\.' is not a valid email address$/);
  });
});
