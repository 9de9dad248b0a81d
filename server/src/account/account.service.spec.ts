import { Logger } from '@nestjs/common';
import { AbTestService } from '../ab-test/ab-test.service';
import { AnalyticsService } from '../analytics/analytics.service';
import type { AuthExportDto } from '../auth/auth-export.dto';
import { ProfileService } from '../auth/profile.service';
import { PaymentsService } from '../billing/payments.service';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { automock } from '../common/testing/automock.test-helpers';
import { MailService } from '../mail/mail.service';
import { RequestsService } from '../requests/requests.service';
import { MonitoringService } from '../monitoring/monitoring.service';
import { BreachLookupCache } from '../scans/breaches/breach-lookup-cache.service';
import { ScanHistoryService } from '../scans/scan-history.service';
import { AccountService } from './account.service';

const auth: AuthExportDto = {
  profile: { id: 'u1', email: 'jane@example.com', displayName: null, emailVerifiedAt: null, onboardingCompletedAt: null, hasPassword: true, plan: { tier: 'free', expiresAt: null }, createdAt: '2031-01-01T00:00:00.000Z' },
  sessions: [],
  emailLinks: [],
  apiTokens: [],
};

function setup() {
  const profiles = automock(ProfileService);
  const scans = automock(ScanHistoryService);
  const payments = automock(PaymentsService);
  const analytics = automock(AnalyticsService);
  const abTests = automock(AbTestService);
  const monitoring = automock(MonitoringService);
  const mailer = automock(MailService);
  const breachCache = automock(BreachLookupCache);
  const rightsRequests = automock(RequestsService);
  rightsRequests.exportOf.mockResolvedValue([{ id: 'r1' }] as never);
  const limiter = automock(RateLimiter);
  monitoring.monitoredEmailsOf.mockResolvedValue([]);
  monitoring.unmonitoredEmails.mockImplementation(async (addresses: string[]) => addresses);
  limiter.forgetAccount.mockResolvedValue(0);
  mailer.sentTo.mockResolvedValue([{ subject: 'Confirm your email address', createdAt: '2031-01-01T00:00:00.000Z', sentAt: null }]);
  profiles.exportOf.mockResolvedValue(auth);
  scans.exportOf.mockResolvedValue([{ id: 's1' }] as never);
  payments.exportOf.mockResolvedValue([{ plan: 'plus' }] as never);
  analytics.exportOf.mockResolvedValue([{ event: 'page_view' }] as never);
  abTests.exportOf.mockResolvedValue([{ testName: 'pricing_test' }] as never);
  monitoring.exportOf.mockResolvedValue([{ id: 'm1' }] as never);
  monitoring.scanNoticesExportOf.mockResolvedValue([{ id: 'n1', scanId: 's1' }] as never);
  breachCache.exportOf.mockResolvedValue([{ source: 'hibp', address: 'jane@example.com', storedAt: 'x', expiresAt: 'y', answer: [] }]);
  const service = new AccountService(profiles, scans, payments, analytics, abTests, monitoring, mailer, breachCache, rightsRequests, limiter);
  return { service, profiles, scans, payments, analytics, abTests, monitoring, mailer, breachCache, limiter };
}

describe('AccountService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it("puts every module's part of the user's data into one export", async () => {
    const { service, scans, payments, analytics, abTests, monitoring, mailer, breachCache } = setup();
    monitoring.monitoredEmailsOf.mockResolvedValue(['friend@example.org']);
    const exported = await service.export('u1');
    expect(exported).toEqual({
      exportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      ...auth,
      scans: [{ id: 's1' }],
      payments: [{ plan: 'plus' }],
      analyticsEvents: [{ event: 'page_view' }],
      abTests: [{ testName: 'pricing_test' }],
      monitors: [{ id: 'm1' }],
      scanNotices: [{ id: 'n1', scanId: 's1' }],
      rightsRequests: [{ id: 'r1' }],
      mails: [{ subject: 'Confirm your email address', createdAt: '2031-01-01T00:00:00.000Z', sentAt: null }],
      breachAnswers: [{ source: 'hibp', address: 'jane@example.com', storedAt: 'x', expiresAt: 'y', answer: [] }],
    });
    for (const part of [scans, payments, analytics, abTests, monitoring]) expect(part.exportOf).toHaveBeenCalledWith('u1');
    expect(mailer.sentTo).toHaveBeenCalledWith('jane@example.com');
    expect(breachCache.exportOf).toHaveBeenCalledWith('u1', ['jane@example.com', 'friend@example.org']);
  });

  it('deletes the user (its rows go by cascade), then the mail kept for its address and the breach answers it read', async () => {
    const { service, profiles, mailer, breachCache } = setup();
    profiles.deleteUser.mockResolvedValue({ email: 'jane@example.com' });
    mailer.forgetRecipient.mockResolvedValue(2);
    breachCache.forgetAccount.mockResolvedValue(1);
    await service.delete('u1', 'the password');
    expect(profiles.deleteUser).toHaveBeenCalledWith('u1', 'the password');
    expect(mailer.forgetRecipient).toHaveBeenCalledWith('jane@example.com');
    expect(breachCache.forgetAccount).toHaveBeenCalledWith('u1', ['jane@example.com']);
  });

  it("forgets the mail queued for the addresses its monitors watched (unless another account's monitor watches one) and the limits' counters of its address and id", async () => {
    const { service, profiles, mailer, monitoring, limiter } = setup();
    monitoring.monitoredEmailsOf.mockResolvedValue(['jane@example.com', 'friend@example.org', 'shared@example.org']);
    monitoring.unmonitoredEmails.mockResolvedValue(['friend@example.org']);
    profiles.deleteUser.mockResolvedValue({ email: 'jane@example.com' });
    mailer.forgetRecipient.mockResolvedValue(1);
    await service.delete('u1', 'the password');
    expect(monitoring.monitoredEmailsOf.mock.invocationCallOrder[0]).toBeLessThan(profiles.deleteUser.mock.invocationCallOrder[0]);
    expect(monitoring.unmonitoredEmails).toHaveBeenCalledWith(['friend@example.org', 'shared@example.org']);
    expect(mailer.forgetRecipient.mock.calls).toEqual([['jane@example.com'], ['friend@example.org']]);
    const declared = limiter.countsPerAccount.mock.calls.flatMap(([subject, rules]) => rules.map((rule) => `${rule.name}:${subject}`));
    expect(declared).toEqual(expect.arrayContaining(['login-email:email', 'reset-email:email', 'monitor-verify-mail-user:user']));
    expect(limiter.forgetAccount).toHaveBeenCalledWith('u1', 'jane@example.com');
  });

  it('a failing breach cache does not undo a deletion that is done', async () => {
    const { service, profiles, breachCache } = setup();
    profiles.deleteUser.mockResolvedValue({ email: 'jane@example.com' });
    breachCache.forgetAccount.mockRejectedValue(new Error('database gone'));
    await expect(service.delete('u1', 'the password')).resolves.toBeUndefined();
  });

  it('forgets no mail when the deletion is refused', async () => {
    const { service, profiles, mailer, breachCache } = setup();
    profiles.deleteUser.mockRejectedValue(new Error('The password is incorrect'));
    await expect(service.delete('u1', 'wrong')).rejects.toThrow('The password is incorrect');
    expect(mailer.forgetRecipient).not.toHaveBeenCalled();
    expect(breachCache.forgetAccount).not.toHaveBeenCalled();
  });
});
