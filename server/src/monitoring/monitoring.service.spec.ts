import { Logger, BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { UserDto } from '../auth/auth.dto';
import { ProfileService } from '../auth/profile.service';
import { hashSecret } from '../auth/secret-token.util';
import { Clock } from '../common/clock/clock.service';
import { loadConfig } from '../common/config/app.config';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { automock } from '../common/testing/automock.test-helpers';
import { MailService } from '../mail/mail.service';
import type { PlanTier } from '../vocabulary/plan.catalogue';
import { MonitorScheduler } from './monitor-scheduler.service';
import type { MonitorEntity } from './monitor.entity';
import { MonitorRepository, type MonitorView, type NewTarget } from './monitor.repository';
import { MONITOR_MESSAGES } from './monitoring.types';
import { MONITOR_VERIFICATION_SECONDS, MonitoringService } from './monitoring.service';
import { MONITORING_RATE_LIMITS } from './monitoring-rate-limits.catalogue';
import { SafeFetcher } from '../common/security/ssrf/safe.fetcher';

const NOW = new Date('2031-06-01T12:00:00.000Z');
const OWN = 'jane@example.com';

function setup(tier: PlanTier = 'pro', emailVerified = true) {
  const monitors = automock(MonitorRepository);
  const profiles = automock(ProfileService);
  // Mailer is an abstract class (no methods at run time): the mail service that implements it.
  const mailer = automock(MailService);
  const limiter = automock(RateLimiter);
  const clock = automock(Clock);
  const scheduler = automock(MonitorScheduler);
  clock.now.mockReturnValue(NOW);
  const profile: UserDto = { id: 'u1', email: 'Jane@Example.com', displayName: null, emailVerified, plan: { tier, expiresAt: null }, onboardingCompleted: true };
  profiles.profile.mockResolvedValue(profile);
  monitors.verifiedEmailsOfUser.mockResolvedValue(new Set(['verified-before@example.com']));
  monitors.createWithinLimit.mockResolvedValue({ id: 'mon-1', type: 'weekly' } as MonitorEntity);
  monitors.viewOfUser.mockResolvedValue({
    monitor: { id: 'mon-1', type: 'weekly', active: true, nextRunAt: NOW, createdAt: NOW } as MonitorEntity,
    targets: [],
    runs: [],
  } as MonitorView);
  const config = loadConfig({ PUBLIC_URL: 'https://footprint.test' });
  const service = new MonitoringService(monitors, profiles, mailer, limiter, clock, scheduler, new SafeFetcher(config, async () => []), config);
  return { service, monitors, mailer, limiter, scheduler };
}
const weekly = (emails: string[], handles: string[] = []) => ({ type: 'weekly' as const, targets: { emails, handles } });

describe('MonitoringService', () => {
  // The services log what they do; not here.
  beforeAll(() => Logger.overrideLogger(false));

  describe('create', () => {
    it("trusts the account's verified address and addresses verified before, and sends every other one a link", async () => {
      const { service, monitors, mailer, limiter, scheduler } = setup();
      await service.create('u1', weekly([OWN, 'Verified-Before@example.com', 'friend@example.com'], ['@Jane']));
      const [, limit, options, targets] = monitors.createWithinLimit.mock.calls[0] as [string, number, unknown, NewTarget[]];
      expect([limit, options]).toEqual([5, { type: 'weekly', kind: 'identity', now: NOW }]);
      expect(targets.map((t) => [t.kind, t.value, t.verifiedAt])).toEqual([
        ['email', OWN, NOW],
        ['email', 'verified-before@example.com', NOW],
        ['email', 'friend@example.com', null],
        ['handle', '@jane', NOW],
      ]);
      // The link's token is stored only as its hash, and works for 7 days.
      expect(mailer.send).toHaveBeenCalledTimes(1);
      const message = mailer.send.mock.calls[0][0];
      expect(message.to).toBe('friend@example.com');
      const token = decodeURIComponent(/verify-email\?token=([^\s"&]+)/.exec(message.text)![1]);
      expect(targets[2]).toMatchObject({ tokenHash: hashSecret(token), tokenExpiresAt: new Date(NOW.getTime() + MONITOR_VERIFICATION_SECONDS * 1000) });
      expect(limiter.consume).toHaveBeenCalledWith(MONITORING_RATE_LIMITS.verificationEmailsPerUser, 'u1');
      expect(scheduler.runSoon).toHaveBeenCalled();
    });

    it('does not trust an own address the account has not verified', async () => {
      const { service, monitors, mailer } = setup('pro', false);
      await service.create('u1', weekly([OWN]));
      expect((monitors.createWithinLimit.mock.calls[0][3] as NewTarget[])[0].verifiedAt).toBeNull();
      expect(mailer.send).toHaveBeenCalledTimes(1);
    });

    it('refuses a plan without monitors before any email, and a full plan after the locked count', async () => {
      const free = setup('free');
      await expect(free.service.create('u1', weekly(['friend@example.com']))).rejects.toThrow(new ForbiddenException(MONITOR_MESSAGES.atLimit));
      expect(free.monitors.createWithinLimit).not.toHaveBeenCalled();
      expect(free.mailer.send).not.toHaveBeenCalled();

      const full = setup('plus');
      full.monitors.createWithinLimit.mockResolvedValue(undefined);
      await expect(full.service.create('u1', weekly(['friend@example.com']))).rejects.toThrow(ForbiddenException);
      expect(full.mailer.send).not.toHaveBeenCalled();
    });

    it('answers 400 with the rule that failed for bad targets', async () => {
      const { service, monitors } = setup();
      await expect(service.create('u1', weekly(['not-an-email']))).rejects.toThrow(BadRequestException);
      await expect(service.create('u1', weekly([], []))).rejects.toThrow(MONITOR_MESSAGES.noTargets);
      expect(monitors.createWithinLimit).not.toHaveBeenCalled();
    });
  });

  describe('setActive', () => {
    it("activates within the plan's limit, and says why not", async () => {
      const { service, monitors, scheduler } = setup('plus');
      monitors.activateWithinLimit.mockResolvedValue('ok');
      await service.setActive('u1', 'mon-1', true);
      expect(monitors.activateWithinLimit).toHaveBeenCalledWith('u1', 'mon-1', 1, NOW);
      expect(scheduler.runSoon).toHaveBeenCalled();
      monitors.activateWithinLimit.mockResolvedValue('at_limit');
      await expect(service.setActive('u1', 'mon-1', true)).rejects.toThrow(ForbiddenException);
      monitors.activateWithinLimit.mockResolvedValue('not_found');
      await expect(service.setActive('u1', 'mon-1', true)).rejects.toThrow(new NotFoundException(MONITOR_MESSAGES.notFound));
    });

    it("pauses only the owner's monitor", async () => {
      const { service, monitors } = setup();
      monitors.pause.mockResolvedValue(false);
      await expect(service.setActive('u1', 'someone-elses', false)).rejects.toThrow(NotFoundException);
    });
  });

  it('verifies a monitored address by the hash of its token, limited per address', async () => {
    const { service, monitors, limiter } = setup();
    monitors.verifyEmailByToken.mockResolvedValue({ userId: 'u1', email: 'friend@example.com' });
    expect(await service.verifyEmail('the-token', '203.0.113.5')).toEqual({ email: 'friend@example.com' });
    expect(monitors.verifyEmailByToken).toHaveBeenCalledWith(hashSecret('the-token'), NOW);
    expect(limiter.consume).toHaveBeenCalledWith(MONITORING_RATE_LIMITS.verifyPerIp, '203.0.113.5');
    monitors.verifyEmailByToken.mockResolvedValue(undefined);
    await expect(service.verifyEmail('wrong', 'ip')).rejects.toThrow(MONITOR_MESSAGES.invalidLink);
  });

  it('sends new links only while addresses await verification', async () => {
    const { service, monitors, mailer } = setup();
    monitors.pendingEmailsOf.mockResolvedValue([]);
    await expect(service.resendVerification('u1', 'mon-1')).rejects.toThrow(MONITOR_MESSAGES.nothingPending);
    monitors.pendingEmailsOf.mockResolvedValue(undefined);
    await expect(service.resendVerification('u1', 'mon-1')).rejects.toThrow(NotFoundException);
    monitors.pendingEmailsOf.mockResolvedValue(['friend@example.com']);
    await service.resendVerification('u1', 'mon-1');
    const [[, renewed]] = monitors.renewVerificationTokens.mock.calls;
    const token = decodeURIComponent(/verify-email\?token=([^\s"&]+)/.exec(mailer.send.mock.calls[0][0].text)![1]);
    expect(renewed).toEqual([{ email: 'friend@example.com', tokenHash: hashSecret(token), expiresAt: new Date(NOW.getTime() + MONITOR_VERIFICATION_SECONDS * 1000) }]);
  });
});
