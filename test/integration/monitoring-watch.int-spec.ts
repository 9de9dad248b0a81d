import { Clock } from '../../server/src/common/clock/clock.service';
import { MailService } from '../../server/src/mail/mail.service';
import { DOMAIN_HIBP_MESSAGES } from '../../server/src/monitoring/domain/domain-watch.rules';
import { KIND_MESSAGES } from '../../server/src/monitoring/monitor-kinds.rules';
import { TARGET_MESSAGES } from '../../server/src/monitoring/monitor-targets.rules';
import { MonitorScheduler } from '../../server/src/monitoring/monitor-scheduler.service';
import { WATCH_MESSAGES } from '../../server/src/monitoring/monitor-watch.dto';
import { BreachCatalogueService } from '../../server/src/scans/breach-catalogue/breach-catalogue.service';
import { FakeDnsServer } from '../fakes/dns-server';
import { FakeHibp, northwindBreach, sampleBreach, samplePaste } from '../fakes/hibp';
import { SmtpSink } from '../fakes/smtp-sink';
import { FakeWebsites } from '../fakes/websites';
import { freshEmail, query, signUp, SignedUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

const DAY = 24 * 3600_000;
const FILE_DOMAIN = 'files-owner.test';

interface Monitor {
  id: string;
  kind: string;
  active: boolean;
  nextRunAt: string;
  targets: { emails: string[]; handles: string[]; websites: string[]; domains: string[] };
  domain: {
    domain: string;
    verified: boolean;
    verifiedBy: string | null;
    dnsRecord: { name: string; type: string; value: string };
    file: { url: string; content: string };
    hibp: { status: string; message: string };
    breachedAddresses: number | null;
  } | null;
  lastRuns: { status: string; summary: string; newItems: number; changes: { kind: string; title: string; before?: string; after?: string; evidence?: string[] }[] }[];
}

/**
 * Domain watch and pastes through the API, with the scheduler ticked by hand and a controllable
 * clock: creation refuses what could never work; a domain is proven by DNS (the DNS fake) or by a
 * file (a fake website behind the SSRF guard); HIBP's own verification and the key's subscription
 * are reported as they are; the first search is silent, a new breach alerts, the CSV lists every
 * address; a lapsed proof pauses the watch. Pastes: HIBP's pasteaccount for the verified owner.
 */
describe('domain watch and pastes', () => {
  const hibp = new FakeHibp();
  const dns = new FakeDnsServer();
  const files = new FakeWebsites();
  const sink = new SmtpSink();
  let t: TestApp;
  let now: Date;

  beforeAll(async () => {
    await Promise.all([hibp.start(), dns.start(), files.start(), sink.start()]);
    t = await createTestApp({
      ...hibp.env,
      ...dns.env,
      SMTP_URL: sink.url,
      SCAN_CHECK_TIMEOUT_MS: '3000',
      MONITOR_TICK_SECONDS: '0',
      PUBLIC_URL: 'https://footprint.test',
      BROWSER_AUDIT: 'false',
      FETCH_HOSTS: `${FILE_DOMAIN}=127.0.0.1`,
      FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
      FETCH_ALLOWED_PORTS: `80,443,${files.portNumber}`,
      // Plain http: the fake's certificate is self-signed, and every fetch but the website check's
      // refuses a certificate it cannot verify (issue 36); that refusal is tested in ssrf.int-spec.
      DOMAIN_VERIFICATION_FILE_URL: `http://{domain}:${files.portNumber}/.well-known/footprint-verification.txt`,
    });
    now = new Date('2031-03-03T09:00:00.000Z');
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
    hibp.catalogue = [sampleBreach(), northwindBreach()];
    await t.app.get(BreachCatalogueService).refresh('hibp');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([hibp.close(), dns.close(), files.close(), sink.stop()]);
  });
  beforeEach(() => {
    hibp.resetBehaviour();
    dns.resetBehaviour();
  });
  // Each test's monitors only: a tick runs every due monitor of the database.
  afterEach(() => query(t, 'DELETE FROM monitors'));

  const auth = (u: SignedUp) => ({ Authorization: `Bearer ${u.accessToken}` });
  const create = (u: SignedUp, targets: Record<string, string[]>) => t.http().post('/api/monitoring').set(auth(u)).send({ type: 'weekly', targets });
  const monitorOf = async (u: SignedUp, id: string): Promise<Monitor> => (await t.http().get('/api/monitoring').set(auth(u)).expect(200)).body.monitors.find((m: Monitor) => m.id === id);
  const verify = (u: SignedUp, id: string, method?: string) => t.http().post(`/api/monitoring/${id}/domain/verification`).set(auth(u)).send(method ? { method } : {});
  const tick = () => t.app.get(MonitorScheduler).tick();
  const mailIdle = () => t.app.get(MailService).whenIdle();
  /** Moves the clock to the monitor's next run and ticks. */
  async function nextRun(u: SignedUp, id: string): Promise<Monitor> {
    now = new Date((await monitorOf(u, id)).nextRunAt);
    await tick();
    return monitorOf(u, id);
  }

  async function user(plan: 'plus' | 'pro' | 'business'): Promise<SignedUp> {
    const u = await signUp(t, freshEmail('watch'));
    await query(t, `UPDATE users SET plan_tier = $1, email_verified_at = $2 WHERE id = $3`, [plan, new Date(), u.userId]);
    return u;
  }

  describe('creation', () => {
    it.each([
      [{ handles: ['https://www.instagram.com/p/CxYz123abc/'] }, TARGET_MESSAGES.noAccount('https://www.instagram.com/p/CxYz123abc/')],
      [{ handles: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'] }, TARGET_MESSAGES.noAccount('https://www.youtube.com/watch?v=dQw4w9WgXcQ')],
      [{ emails: ['a@example.com'], websites: ['https://shop.example'] }, KIND_MESSAGES.mixed],
      [{ websites: ['https://a.example', 'https://b.example'] }, KIND_MESSAGES.oneWebsite],
      [{ websites: ['https://instagram.com/jane'] }, KIND_MESSAGES.socialAsWebsite('https://instagram.com/jane')],
      [{ websites: ['not a site'] }, KIND_MESSAGES.notWebsite('not a site')],
      [{ websites: ['http://10.0.0.7/admin'] }, "'http://10.0.0.7/admin' cannot be watched: This URL points to a private or internal address and cannot be checked."],
      [{ websites: ['https://shop.example:8443/'] }, "'https://shop.example:8443/' cannot be watched: Only http:// and https:// addresses on ports"],
      [{ domains: ['gmail.com'] }, KIND_MESSAGES.providerDomain('gmail.com', 'Gmail, a public email service')],
      [{ domains: ['co.uk'] }, KIND_MESSAGES.publicSuffix('co.uk')],
      [{ domains: ['192.0.2.1'] }, KIND_MESSAGES.ipDomain('192.0.2.1')],
      [{ domains: ['a.example', 'b.example'] }, KIND_MESSAGES.oneDomain],
    ])('%# refuses a target that could never be checked, with what to do instead', async (targets, message) => {
      const u = await user('business');
      const res = await create(u, targets).expect(400);
      expect(res.body.error).toEqual(expect.stringContaining(message));
      expect((await t.http().get('/api/monitoring').set(auth(u))).body.total).toBe(0);
    });

    it('a whole domain needs the Business plan; a website any paid plan, counted in its monitors', async () => {
      const pro = await user('pro');
      expect((await create(pro, { domains: ['pro-owner.example'] }).expect(403)).body.error).toBe(WATCH_MESSAGES.domainNeedsBusiness);
      const plus = await user('plus');
      const site = (await create(plus, { websites: ['shop.example'] }).expect(201)).body.monitor;
      expect(site).toMatchObject({ kind: 'website', targets: { emails: [], handles: [], websites: ['https://shop.example/'], domains: [] }, website: { url: 'https://shop.example/', checkedAt: null } });
      // Plus allows one monitor of any kind: the website is it.
      expect((await create(plus, { emails: [plus.email] }).expect(403)).body.error).toBe("You've reached your plan limit. Upgrade to create more monitors.");
    });
  });

  it('a paused domain monitor cannot be activated once the plan is no longer Business', async () => {
    const u = await user('business');
    const id = (await create(u, { domains: ['downgraded.example'] }).expect(201)).body.monitor.id;
    await t.http().put(`/api/monitoring/${id}`).set(auth(u)).send({ active: false }).expect(200);
    await query(t, `UPDATE users SET plan_tier = 'pro' WHERE id = $1`, [u.userId]);
    expect((await t.http().put(`/api/monitoring/${id}`).set(auth(u)).send({ active: true }).expect(403)).body.error).toBe(WATCH_MESSAGES.domainNeedsBusiness);
  });

  describe('a domain', () => {
    it('is proven by its TXT record, searched with HIBP as its API requires, alerts on new breaches, exports CSV, and pauses when the proof lapses', async () => {
      const u = await user('business');
      const domain = 'acme-owner.example';
      const created: Monitor = (await create(u, { domains: [`@${domain.toUpperCase()}`] }).expect(201)).body.monitor;
      expect(created).toMatchObject({ kind: 'domain', targets: { domains: [domain] } });
      const proof = created.domain!;
      expect(proof).toMatchObject({ domain, verified: false, verifiedBy: null, hibp: { status: 'not_checked' }, breachedAddresses: null });
      expect(proof.dnsRecord).toEqual({ name: domain, type: 'TXT', value: expect.stringMatching(/^footprint-verification=[A-Za-z0-9_-]{20,}$/) });
      expect(proof.file).toEqual({ url: `http://${domain}:${files.portNumber}/.well-known/footprint-verification.txt`, content: proof.dnsRecord.value });

      // Before any proof a run searches nothing.
      await tick();
      expect((await monitorOf(u, created.id)).lastRuns[0]).toMatchObject({ status: 'waiting', summary: expect.stringContaining(`control of ${domain} is not proven`) });
      expect(hibp.requests.filter((r) => r.path.includes('domain'))).toEqual([]);

      // No record yet: refused with what was found. Then the record is published.
      dns.set(domain, { TXT: [['v=spf1 -all']] });
      expect((await verify(u, created.id, 'dns').expect(400)).body.error).toBe(WATCH_MESSAGES.notProven(`None of ${domain}'s 1 TXT records is "${proof.dnsRecord.value}"`));
      dns.set(domain, { TXT: [[proof.dnsRecord.value.slice(0, 30), proof.dnsRecord.value.slice(30)]] });
      const verified = (await verify(u, created.id, 'dns').expect(200)).body.monitor as Monitor;
      expect(verified.domain).toMatchObject({ verified: true, verifiedBy: 'dns' });

      // HIBP has not verified the domain for this server's key: said so, nothing searched.
      now = new Date(now.getTime() + 60_000);
      await tick();
      let m = await monitorOf(u, created.id);
      expect(m.lastRuns[0]).toMatchObject({ status: 'failed', summary: expect.stringContaining(DOMAIN_HIBP_MESSAGES.notVerified(domain)) });
      expect(m.domain!.hibp).toMatchObject({ status: 'not_verified', message: DOMAIN_HIBP_MESSAGES.notVerified(domain) });
      expect(hibp.requestsTo('breacheddomain')).toEqual([]);
      expect(hibp.requestsTo('subscribeddomains')[0].headers['hibp-api-key']).toBe(hibp.apiKey);

      // Verified on HIBP's side, but the key's subscription is too small for it: said so.
      hibp.setDomain(domain, { aliases: { alice: ['LanternMarket'], bob: ['LanternMarket', 'NorthwindForum'], '=cmd': ['NorthwindForum'] }, pwnCount: 57 });
      hibp.subscription = { SubscriptionName: 'Pwned 1', DomainSearchMaxBreachedAccounts: 10 };
      m = await nextRun(u, created.id);
      expect(m.domain!.hibp).toEqual({ status: 'subscription_too_small', message: DOMAIN_HIBP_MESSAGES.subscriptionTooSmall(domain, 'Pwned 1', 10, 57), checkedAt: expect.any(String) });
      expect(m.lastRuns[0].summary).toContain("The key's subscription does not allow searching");
      expect(hibp.requestsTo('breacheddomain')).toEqual([]);

      // Large enough: the first search is the silent starting point.
      hibp.subscription = { SubscriptionName: 'Pwned 4', DomainSearchMaxBreachedAccounts: null };
      m = await nextRun(u, created.id);
      expect(m.lastRuns[0]).toMatchObject({ status: 'succeeded', newItems: 0, summary: `First check: 3 breached addresses at ${domain} recorded as the starting point` });
      expect(m.domain).toMatchObject({ hibp: { status: 'ok' }, breachedAddresses: 3 });
      const list = await t.http().get(`/api/monitoring/${created.id}/domain/breaches?pageSize=2`).set(auth(u)).expect(200);
      expect(list.body).toMatchObject({ domain, total: 3, page: 1, pageSize: 2, hibp: { status: 'ok' } });
      expect(list.body.addresses).toEqual([
        { email: `=cmd@${domain}`, breaches: ['NorthwindForum'] },
        { email: `alice@${domain}`, breaches: ['LanternMarket'] },
      ]);
      expect(list.body.breaches).toEqual([
        expect.objectContaining({ name: 'LanternMarket', title: 'Lantern Market', breachDate: '2021-03-14', addresses: 2 }),
        expect.objectContaining({ name: 'NorthwindForum', title: 'Northwind Forum', addresses: 2 }),
      ]);

      // A breach newly holding two addresses: one alert, with the addresses as evidence.
      hibp.setDomain(domain, { aliases: { alice: ['LanternMarket', 'NorthwindForum'], bob: ['LanternMarket', 'NorthwindForum'], carol: ['NorthwindForum'], '=cmd': ['NorthwindForum'] } });
      sink.messages.length = 0;
      m = await nextRun(u, created.id);
      await mailIdle();
      expect(m.lastRuns[0]).toMatchObject({ status: 'succeeded', newItems: 1, summary: '1 new breach of your domain' });
      expect(m.lastRuns[0].changes).toEqual([
        expect.objectContaining({
          kind: 'domain_breach',
          title: `Northwind Forum: 2 more addresses at ${domain}`,
          before: `2 addresses at ${domain} in this breach`,
          after: `4 addresses at ${domain} in this breach`,
          evidence: [expect.stringContaining('Have I Been Pwned: Northwind Forum (2019-11-02)'), `alice@${domain}`, `carol@${domain}`],
        }),
      ]);
      const notices = (await t.http().get('/api/monitoring/notices').set(auth(u)).expect(200)).body.notices;
      expect(notices[0]).toMatchObject({ monitorId: created.id, summary: '1 new breach of your domain' });
      const alert = sink.messages.find((msg) => msg.to.includes(u.email.toLowerCase()) && msg.subject === 'Footprint monitor: 1 new breach of your domain');
      expect(alert?.text).toContain(`carol@${domain}`);

      // The CSV: one row per address and breach, formula-like cells made safe.
      const csv = await t.http().get(`/api/monitoring/${created.id}/domain/breaches/csv`).set(auth(u)).expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="footprint-${domain}-breaches-2031-\\d\\d-\\d\\d\\.csv"$`));
      const rows = csv.text.trim().split('\r\n');
      expect(rows[0]).toBe('email,breach,title,breach_date,data_classes,sensitive');
      expect(rows).toHaveLength(1 + 6);
      expect(rows).toContain(`alice@${domain},LanternMarket,Lantern Market,2021-03-14,Email addresses; Passwords; Names,no`);
      expect(rows).toContain(`'=cmd@${domain},NorthwindForum,Northwind Forum,2019-11-02,Email addresses; Usernames,no`);

      // Someone else's monitor is not there for them.
      const other = await user('business');
      await t.http().get(`/api/monitoring/${created.id}/domain/breaches`).set(auth(other)).expect(404);
      await verify(other, created.id).expect(404);

      // The record is removed: the next run pauses the watch and says so; the list is no longer shown.
      dns.replace(domain, { TXT: [['v=spf1 -all']] });
      sink.messages.length = 0;
      m = await nextRun(u, created.id);
      await mailIdle();
      expect(m.active).toBe(false);
      expect(m.domain).toMatchObject({ verified: false, verifiedBy: null });
      expect(m.lastRuns[0]).toMatchObject({ status: 'failed', summary: expect.stringMatching(new RegExp(`^Paused: control of ${domain.replace('.', '\\.')} could not be confirmed`)) });
      expect(m.lastRuns[0].changes[0]).toMatchObject({ kind: 'watch_paused', title: `Control of ${domain} could not be confirmed: the watch is paused` });
      expect(sink.messages.filter((msg) => msg.subject === 'Footprint monitor: 1 monitor paused')).toHaveLength(1);
      expect((await t.http().get(`/api/monitoring/${created.id}/domain/breaches`).set(auth(u)).expect(403)).body.error).toBe(WATCH_MESSAGES.notVerified(domain));
    });

    it('is proven by a file under /.well-known/, fetched through the SSRF guard; a DNS failure proves nothing and pauses nothing', async () => {
      const u = await user('business');
      const id = (await create(u, { domains: [FILE_DOMAIN] }).expect(201)).body.monitor.id;
      const value = (await monitorOf(u, id)).domain!.file.content;
      files.route('/.well-known/footprint-verification.txt', { status: 404, body: 'not here' });
      expect((await verify(u, id, 'file').expect(400)).body.error).toContain(`/.well-known/footprint-verification.txt answered HTTP 404`);
      files.route('/.well-known/footprint-verification.txt', { headers: { 'content-type': 'text/plain' }, body: `\uFEFF${value}\n` });
      expect((await verify(u, id, 'file').expect(200)).body.monitor.domain).toMatchObject({ verified: true, verifiedBy: 'file' });
      expect(files.requestsTo('/.well-known/footprint-verification.txt').map((r) => r.scheme)).toContain('http');

      // The site is down: the proof cannot be checked, so the run retries rather than pausing.
      hibp.setDomain(FILE_DOMAIN, { aliases: {} });
      files.route('/.well-known/footprint-verification.txt', { status: 503, body: 'maintenance' });
      dns.fail(FILE_DOMAIN, 'servfail');
      await tick();
      const m = await monitorOf(u, id);
      expect(m.active).toBe(true);
      expect(m.lastRuns[0]).toMatchObject({ status: 'failed', summary: expect.stringContaining(`Control of ${FILE_DOMAIN} could not be checked`) });
      expect(Date.parse(m.nextRunAt) - now.getTime()).toBe(5 * 60_000);
    });
  });

  describe('pastes', () => {
    it("HIBP's pastes of an address are asked for and shown to its verified owner only, and watched by email monitors", async () => {
      const owner = await user('business');
      const email = owner.email.toLowerCase();
      hibp.setBreaches(email, [sampleBreach()]);
      hibp.setPastes(email, [samplePaste()]);

      // Someone else scanning the address: HIBP's pastes are not even asked for.
      const stranger = await user('business');
      const seen = await t.http().post('/api/scans').set(auth(stranger)).send({ input: email }).expect(200);
      expect(seen.body.pastes).toBeUndefined();
      expect(hibp.requestsTo('pasteaccount')).toEqual([]);

      const own = await t.http().post('/api/scans').set(auth(owner)).send({ input: email }).expect(200);
      expect(own.body.pastes).toMatchObject({ count: 1, detailsHidden: false, sources: ['hibp'], summary: 'Found in 1 paste' });
      expect(own.body.pastes.details[0]).toEqual({
        source: 'hibp',
        site: 'Pastebin',
        id: 'Tk2qX9aB',
        title: 'combo list',
        date: '2024-02-11',
        recordCount: 1204,
        evidence: { summary: 'Have I Been Pwned lists this address in a paste on Pastebin (2024-02-11) with 1204 addresses', observed: 'Pastebin Tk2qX9aB: combo list', url: 'https://pastebin.com/Tk2qX9aB' },
      });

      // The monitor: the first run records the pastes silently; a new paste alerts once.
      const id = (await create(owner, { emails: [email] }).expect(201)).body.monitor.id;
      await tick();
      expect((await monitorOf(owner, id)).lastRuns[0]).toMatchObject({ status: 'succeeded', newItems: 0, summary: expect.stringMatching(/^First check/) });
      hibp.setPastes(email, [samplePaste(), samplePaste({ Source: 'AdHocUrl', Id: 'https://leaks.example/dump.txt', Title: null, Date: null, EmailCount: 88 })]);
      now = new Date(now.getTime() + 8 * DAY); // past the breach cache's hour, at the next weekly run
      await tick();
      const m = await monitorOf(owner, id);
      expect(m.lastRuns[0]).toMatchObject({ status: 'succeeded', newItems: 1, summary: '1 new paste' });
      expect(m.lastRuns[0].changes[0]).toMatchObject({ kind: 'paste', title: 'AdHocUrl paste (https://leaks.example/dump.txt)', evidence: [expect.stringContaining('in a paste on a web page'), 'https://leaks.example/dump.txt'] });
      now = new Date(now.getTime() + 8 * DAY);
      await tick();
      expect((await monitorOf(owner, id)).lastRuns[0]).toMatchObject({ newItems: 0, summary: 'No changes' });
    });
  });
});

/** Domain watch needs Have I Been Pwned's domain search: a server without its key neither sells nor creates it. */
describe('domain watch on a server without an HIBP key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BROWSER_AUDIT: 'false', MONITOR_TICK_SECONDS: '0' });
  });
  afterAll(() => t?.close());

  it('the plan catalogue does not offer it, and a Business monitor of a domain is refused (409) with why; other monitors are created', async () => {
    const plans = (await t.http().get('/api/plans').expect(200)).body.plans as { tier: string; domainWatch: boolean; features: string[] }[];
    expect(plans.every((plan) => !plan.domainWatch)).toBe(true);
    const business = plans.find((plan) => plan.tier === 'business')!;
    expect(business.features).toContain('25 active monitors: emails, handles and websites');
    expect(business.features.join(' ')).not.toMatch(/domain/);

    const u = await signUp(t, freshEmail('nokey'));
    await query(t, `UPDATE users SET plan_tier = 'business', email_verified_at = $1 WHERE id = $2`, [new Date(), u.userId]);
    const auth = { Authorization: `Bearer ${u.accessToken}` };
    const refused = await t.http().post('/api/monitoring').set(auth).send({ type: 'weekly', targets: { domains: ['owner.example'] } }).expect(409);
    expect(refused.body.error).toBe(WATCH_MESSAGES.domainNotOffered);
    expect((await t.http().get('/api/monitoring').set(auth)).body.total).toBe(0);
    await t.http().post('/api/monitoring').set(auth).send({ type: 'weekly', targets: { websites: ['shop.example'] } }).expect(201);
  });
});
