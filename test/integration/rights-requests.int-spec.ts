import { simpleParser } from 'mailparser';
import request from 'supertest';
import { BrokerRegistryService } from '../../server/src/requests/organisations/broker-registry.service';
import { OrganisationCatalogueService } from '../../server/src/requests/organisations/organisation-catalogue.service';
import { RequestsService } from '../../server/src/requests/requests.service';
import { FakeBrokerRegistry } from '../fakes/ca-broker-registry';
import { FakeDatarequests } from '../fakes/datarequests';
import { CSRF, query, recordMail, signUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

// Privacy-rights requests: the catalogue from a loopback fake of its archive, the search and
// matching endpoints, and requests from draft to overdue with their letters and reminders.
describe('rights requests', () => {
  const fake = new FakeDatarequests();
  const registryFake = new FakeBrokerRegistry();
  let t: TestApp;
  let catalogue: OrganisationCatalogueService;
  let registry: BrokerRegistryService;

  beforeAll(async () => {
    await Promise.all([fake.start(), registryFake.start()]);
    t = await createTestApp({ ...fake.env, ...registryFake.env });
    catalogue = t.app.get(OrganisationCatalogueService);
    registry = t.app.get(BrokerRegistryService);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([fake.close(), registryFake.close()]);
  });

  const api = (token: string) => ({
    get: (path: string) => request(t.app.getHttpServer()).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object) => request(t.app.getHttpServer()).post(path).set('Authorization', `Bearer ${token}`).set(CSRF).send(body),
    patch: (path: string, body: object) => request(t.app.getHttpServer()).patch(path).set('Authorization', `Bearer ${token}`).set(CSRF).send(body),
    delete: (path: string) => request(t.app.getHttpServer()).delete(path).set('Authorization', `Bearer ${token}`).set(CSRF),
  });

  it("imports California's broker registry from its CSV, keeps it when a refresh fails, and the catalogue's refresh leaves it alone", async () => {
    await expect(registry.refresh()).resolves.toEqual({ status: 'refreshed', brokers: 3, dropped: 1 });
    expect(registryFake.requests.at(-1)?.userAgent).toMatch(/Footprint/i);
    await expect(registry.refresh()).resolves.toEqual({ status: 'unchanged' });
    registryFake.html = true;
    await expect(registry.refresh()).resolves.toEqual({ status: 'failed', error: "California's data broker registry is not the registry's CSV (no header row names the data broker)" });
    registryFake.html = false;
    registryFake.failWith = 503;
    await expect(registry.refresh()).resolves.toEqual({ status: 'failed', error: "California's data broker registry answered with HTTP 503" });
    registryFake.failWith = undefined;
    expect(await registry.state()).toMatchObject({ brokers: 3, lastError: "California's data broker registry answered with HTTP 503" });
    // The catalogue's first import (below) replaces only its own rows.
    await catalogue.refresh();
    expect((await registry.californiaBrokers()).map((b) => b.name)).toEqual(['Ashgrove Audience Labs LLC', 'Meridian Data Brokers Inc.', 'Quillfeather People Search, Inc.']);
    // A broker is matched by domain like any organisation, and found by name.
    const matched = await request(t.app.getHttpServer()).get('/api/organisations/matches').query({ label: ['Quill'], domains: ['optout.quillfeather.example'], company: [''] }).expect(200);
    expect(matched.body.matches[0]).toMatchObject({ matched: true, by: 'domain', organisation: { slug: 'ca-broker-quillfeather-people-search-inc', source: 'ca_broker_registry', categories: ['data broker'], countries: ['us'] } });
  });

  it('imports the catalogue, asks with the ETag next time, and keeps the copy when a refresh fails', async () => {
    await expect(catalogue.state()).resolves.toMatchObject({ companies: 4, authorities: 2, lastError: null });
    expect(fake.requests.at(-1)?.userAgent).toMatch(/Footprint/i);
    await expect(catalogue.refresh()).resolves.toEqual({ status: 'unchanged' });
    expect(fake.requests.at(-1)?.ifNoneMatch).toMatch(/^"[0-9a-f]+"$/);
    await expect(catalogue.refresh({ ifOlderThanMs: 3_600_000 })).resolves.toEqual({ status: 'skipped', reason: 'fresh' });

    fake.damaged = true;
    fake.companies = [...fake.companies];
    await expect(catalogue.refresh()).resolves.toMatchObject({ status: 'failed' });
    fake.damaged = false;
    fake.failWith = 503;
    await expect(catalogue.refresh()).resolves.toEqual({ status: 'failed', error: 'Organisation catalogue answered with HTTP 503' });
    fake.failWith = undefined;
    expect(await catalogue.state()).toMatchObject({ companies: 4, authorities: 2, lastError: 'Organisation catalogue answered with HTTP 503' });
    expect((await catalogue.search('lantern')).map((o) => o.slug)).toEqual(['lantern-market']);
  });

  it('searches by name or domain for anyone, with the source credited', async () => {
    const byName = await request(t.app.getHttpServer()).get('/api/organisations').query({ query: 'northwind' }).expect(200);
    expect(byName.body.organisations.map((o: { slug: string }) => o.slug)).toEqual(['northwind-forum-de']);
    expect(byName.body.source).toMatchObject({ licence: 'CC0 1.0', url: 'https://github.com/datenanfragen/data', companies: 4 });
    const byDomain = await request(t.app.getHttpServer()).get('/api/organisations').query({ query: 'doubleclick.net' }).expect(200);
    expect(byDomain.body.organisations[0]).toMatchObject({ slug: 'google', transport: 'webform', email: null });
    const authorities = await request(t.app.getHttpServer()).get('/api/organisations').query({ query: 'commissioner', kind: 'authority' }).expect(200);
    expect(authorities.body.organisations.map((o: { slug: string }) => o.slug)).toEqual(['gbico']);
    // LIKE's wildcards are the person's text, not patterns.
    const wildcards = await request(t.app.getHttpServer()).get('/api/organisations').query({ query: '%%' }).expect(200);
    expect(wildcards.body.organisations).toEqual([]);
    const short = await request(t.app.getHttpServer()).get('/api/organisations').query({ query: 'a' }).expect(400);
    expect(JSON.stringify(short.body)).toContain('query must be 2 to 100 characters');
  });

  it('matches breach and tracker findings to organisations, and says why others did not', async () => {
    const res = await request(t.app.getHttpServer())
      .get('/api/organisations/matches')
      .query({ label: ['Lantern Market', 'Google', 'Meta Platforms'], domains: ['lanternmarket.example', 'www.googletagmanager.com stats.g.doubleclick.net', 'connect.facebook.net'], company: ['', 'Google', 'Meta Platforms'] })
      .expect(200);
    expect(res.body.matches).toEqual([
      expect.objectContaining({ label: 'Lantern Market', matched: true, by: 'domain', organisation: expect.objectContaining({ slug: 'lantern-market' }) }),
      expect.objectContaining({ label: 'Google', matched: true, by: 'domain', organisation: expect.objectContaining({ slug: 'google' }) }),
      { label: 'Meta Platforms', matched: false, reason: 'No catalogue record has the domain facebook.net or a name starting with "Meta Platforms".' },
    ]);
  });

  it('drafts, tracks and exports a request; only its owner sees it; the plan limits how many', async () => {
    const jane = await signUp(t);
    const other = await signUp(t);
    const created = await api(jane.accessToken)
      .post('/api/requests', {
        kind: 'erasure',
        jurisdiction: 'gdpr',
        country: 'DE',
        organisationSlug: 'northwind-forum-de',
        email: 'jane@example.org',
        extra: [
          { desc: 'Forum user name', value: 'jd42' },
          { desc: 'Mother’s maiden name', value: 'not asked for' },
        ],
        context: 'the Northwind Forum breach',
      })
      .expect(201);
    const r = created.body;
    expect(r).toMatchObject({ status: 'draft', organisationName: 'Northwind Forum GmbH', organisationEmail: 'datenschutz@northwindforum.example', sentOn: null, followUp: null });
    expect(r.letter.basis).toContain('Article 17 GDPR');
    expect(r.letter.body).toContain('Forum user name: jd42');
    expect(r.letter.body).not.toContain('not asked for');
    expect(r.letter.mailto).toMatch(/^mailto:datenschutz@northwindforum\.example\?subject=/);
    expect(r.idAdvice).toContain('Do not send an ID document');
    const [stored] = await query<{ identity: unknown }>(t, 'SELECT identity FROM rights_requests WHERE id = $1', [r.id]);
    expect(stored.identity).toEqual({ name: null, email: 'jane@example.org', extra: [{ desc: 'Forum user name', value: 'jd42' }] });

    await api(other.accessToken).get(`/api/requests/${r.id}`).expect(404);
    await api(other.accessToken).patch(`/api/requests/${r.id}`, { status: 'sent' }).expect(404);
    await api(other.accessToken).delete(`/api/requests/${r.id}`).expect(404);
    await api(jane.accessToken).get('/api/requests/not-a-uuid').expect(404);

    const sent = await api(jane.accessToken).patch(`/api/requests/${r.id}`, { status: 'sent', sentOn: '2026-01-31' }).expect(200);
    expect(sent.body).toMatchObject({ status: 'sent', sentOn: '2026-01-31', dueOn: '2026-02-28' });
    const extended = await api(jane.accessToken).patch(`/api/requests/${r.id}`, { extended: true, notes: 'They asked for more time.' }).expect(200);
    expect(extended.body).toMatchObject({ dueOn: '2026-04-30', extended: true, notes: 'They asked for more time.' });

    const list = await api(jane.accessToken).get('/api/requests').expect(200);
    expect(list.body).toMatchObject({ openCount: 1, usedThisMonth: 1, monthlyLimit: 3 });
    const exported = await api(jane.accessToken).get('/api/auth/account/export').expect(200);
    expect(exported.body.rightsRequests).toEqual([expect.objectContaining({ id: r.id, notes: 'They asked for more time.' })]);
    // The report lists it with its outcome, without the identifiers the letter holds.
    const report = await api(jane.accessToken).get('/api/reports/me').expect(200);
    expect(report.body.requests).toEqual([
      { organisationName: 'Northwind Forum GmbH', kind: 'erasure', jurisdiction: 'gdpr', status: expect.stringMatching(/^(sent|overdue)$/), context: 'the Northwind Forum breach', createdAt: expect.any(String), sentOn: '2026-01-31', dueOn: '2026-04-30', answeredOn: null, notes: 'They asked for more time.' },
    ]);
    const csv = await api(jane.accessToken).get('/api/reports/me/csv').expect(200);
    expect(csv.text).toContain('Northwind Forum GmbH,rights_request,requests,erasure');

    const unknown = await api(jane.accessToken).post('/api/requests', { kind: 'access', jurisdiction: 'gdpr', organisationSlug: 'no-such-company', email: 'jane@example.org' }).expect(422);
    expect(unknown.body.error).toBe('That organisation is not in the catalogue');
    await api(jane.accessToken).post('/api/requests', { kind: 'access', jurisdiction: 'gdpr', email: 'jane@example.org' }).expect(422);
    await api(jane.accessToken).post('/api/requests', { kind: 'sue', jurisdiction: 'gdpr', organisationName: 'X', email: 'jane@example.org' }).expect(400);
    for (let i = 0; i < 2; i++) {
      await api(jane.accessToken).post('/api/requests', { kind: 'access', jurisdiction: 'ccpa', organisationName: `Named Company ${i}`, organisationEmail: 'privacy@named.example', email: 'jane@example.org' }).expect(201);
    }
    const limited = await api(jane.accessToken).post('/api/requests', { kind: 'access', jurisdiction: 'gdpr', organisationName: 'One Too Many', email: 'jane@example.org' }).expect(403);
    expect(limited.body.error).toContain("this month's privacy-rights requests");

    await api(jane.accessToken).delete(`/api/requests/${r.id}`).expect(204);
    await api(jane.accessToken).get(`/api/requests/${r.id}`).expect(404);
  });

  it('asks every data broker: DROP first for Californians, drafts up to the allowance, owner-scoped, in the report', async () => {
    const jane = await signUp(t);
    const other = await signUp(t);
    await request(t.app.getHttpServer()).get('/api/requests/brokers').query({ jurisdiction: 'ccpa' }).expect(401);
    await api(jane.accessToken).post('/api/requests', { kind: 'access', jurisdiction: 'ccpa', organisationSlug: 'lantern-market', email: 'jane@example.org' }).expect(201);

    // The registry's Meridian and the catalogue's (same domain) are one broker; two of three fit the allowance.
    const preview = (await api(jane.accessToken).get('/api/requests/brokers?jurisdiction=ccpa').expect(200)).body;
    expect(preview.drop).toMatchObject({ url: 'https://consumer.drop.privacy.ca.gov/', about: 'https://privacy.ca.gov/drop/' });
    expect(preview.drop.text).toContain('every data broker registered with the state');
    expect(preview.brokers.map((b: { slug: string }) => b.slug)).toEqual(['ca-broker-ashgrove-audience-labs-llc', 'ca-broker-meridian-data-brokers-inc', 'ca-broker-quillfeather-people-search-inc']);
    expect(preview).toMatchObject({ remaining: 2, willDraft: 2, leftOver: 1, alreadyAsked: 0 });

    const batch = (await api(jane.accessToken).post('/api/requests/brokers', { jurisdiction: 'ccpa', kind: 'opt_out_sale', email: 'jane@example.org', name: 'Jane Doe' }).expect(201)).body;
    expect(batch).toMatchObject({ alreadyAsked: 0, leftOver: 1, drop: { url: 'https://consumer.drop.privacy.ca.gov/' } });
    expect(batch.created.map((r: { organisationName: string; status: string; kind: string }) => [r.organisationName, r.status, r.kind])).toEqual([
      ['Ashgrove Audience Labs LLC', 'draft', 'opt_out_sale'],
      ['Meridian Data Brokers Inc.', 'draft', 'opt_out_sale'],
    ]);
    const first = (await api(jane.accessToken).get(`/api/requests/${batch.created[0].id}`).expect(200)).body;
    expect(first).toMatchObject({ jurisdiction: 'ccpa', organisationEmail: null, organisationWebform: 'https://ashgrove.example/privacy-requests', organisationSlug: 'ca-broker-ashgrove-audience-labs-llc' });
    expect(first.letter.basis).toContain('1798.120');
    await api(other.accessToken).get(`/api/requests/${batch.created[0].id}`).expect(404);
    expect((await api(other.accessToken).get('/api/requests').expect(200)).body.requests).toEqual([]);

    // Nothing left this month: refused with the plan's message; the ones asked are not asked twice.
    const again = (await api(jane.accessToken).get('/api/requests/brokers?jurisdiction=ccpa&kind=opt_out_sale').expect(200)).body;
    expect(again).toMatchObject({ remaining: 0, willDraft: 0, leftOver: 1, alreadyAsked: 2 });
    const refused = await api(jane.accessToken).post('/api/requests/brokers', { jurisdiction: 'ccpa', kind: 'opt_out_sale', email: 'jane@example.org' }).expect(403);
    expect(refused.body.error).toContain("this month's privacy-rights requests");
    const list = (await api(jane.accessToken).get('/api/requests').expect(200)).body;
    expect(list).toMatchObject({ openCount: 3, usedThisMonth: 3 });
    const report = (await api(jane.accessToken).get('/api/reports/me').expect(200)).body;
    expect(report.requests.map((r: { organisationName: string }) => r.organisationName).sort()).toEqual(['Ashgrove Audience Labs LLC', 'Lantern Market Ltd.', 'Meridian Data Brokers Inc.']);

    // Outside California: the catalogue's brokers for the country, which must be given under the GDPR.
    const needCountry = await api(other.accessToken).get('/api/requests/brokers?jurisdiction=gdpr').expect(422);
    expect(needCountry.body.error).toBe('Give the country you live in to find the data brokers relevant to you');
    const uk = (await api(other.accessToken).get('/api/requests/brokers?jurisdiction=uk_gdpr').expect(200)).body;
    expect(uk).toMatchObject({ drop: null, brokers: [{ slug: 'meridian-data-brokers', source: 'datarequests' }], willDraft: 1 });
    await api(other.accessToken).post('/api/requests/brokers', { jurisdiction: 'ccpa', kind: 'sell', email: 'x@example.org' }).expect(400);
  });

  it('downloads a draft as an .eml a mail client opens, which marks it sent today', async () => {
    const jane = await signUp(t);
    const { body: r } = await api(jane.accessToken)
      .post('/api/requests', { kind: 'access', jurisdiction: 'uk_gdpr', organisationSlug: 'lantern-market', name: 'Zoë Müller', email: 'zoe@example.org' })
      .expect(201);
    const res = await api(jane.accessToken).get(`/api/requests/${r.id}/eml`).buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(res.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="request-lantern-market-ltd.eml"');
    const mail = await simpleParser(res.body as Buffer);
    expect(mail.subject).toBe('Access request under Article 15 UK GDPR – Zoë Müller');
    expect(mail.from?.value[0]).toEqual({ address: 'zoe@example.org', name: 'Zoë Müller' });
    expect(mail.headers.get('x-unsent')).toBe('1');
    expect(mail.text).toContain('Name: Zoë Müller');
    const after = await api(jane.accessToken).get(`/api/requests/${r.id}`).expect(200);
    expect(after.body.status).toBe('sent');
    expect(after.body.sentOn).toBe(new Date().toISOString().slice(0, 10));
  });

  it('reminds before and at the deadline, once each, and drafts the follow-up and the complaint when overdue', async () => {
    const mail = recordMail(t);
    const jane = await signUp(t);
    const requests = t.app.get(RequestsService);
    const today = new Date().toISOString().slice(0, 10);
    const create = async (jurisdiction: string, country?: string) =>
      (await api(jane.accessToken).post('/api/requests', { kind: 'erasure', jurisdiction, country, organisationSlug: 'meridian-data-brokers', email: 'jane@example.org' }).expect(201)).body.id as string;
    const overdueId = await create('gdpr', 'de');
    const ccpaId = await create('ccpa');
    const soonId = await create('gdpr', 'de');
    await api(jane.accessToken).patch(`/api/requests/${overdueId}`, { status: 'sent', sentOn: '2025-06-01' }).expect(200);
    await api(jane.accessToken).patch(`/api/requests/${ccpaId}`, { status: 'sent', sentOn: '2025-06-01' }).expect(200);
    // Sent a month less two days ago: due in two days.
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - 1);
    d.setUTCDate(d.getUTCDate() + 2);
    await api(jane.accessToken).patch(`/api/requests/${soonId}`, { status: 'sent', sentOn: d.toISOString().slice(0, 10) }).expect(200);

    await requests.sendReminders();
    const reminders = () => mail.to(jane.email).filter((m) => m.subject.startsWith('Your request'));
    const mine = reminders();
    expect(mine.map((m) => m.subject).sort()).toEqual([
      'Your request to Meridian Data Brokers Inc. is due on ' + (await api(jane.accessToken).get(`/api/requests/${soonId}`)).body.dueOn,
      'Your request to Meridian Data Brokers Inc. is overdue',
      'Your request to Meridian Data Brokers Inc. is overdue',
    ].sort());
    expect(mine[0].text).toContain('/requests?id=');
    await requests.sendReminders();
    expect(reminders()).toHaveLength(3);
    // The same reminders in the app, overdue first, until the person acts.
    const listed = (await api(jane.accessToken).get('/api/requests').expect(200)).body.reminders as { id: string; reminder: string }[];
    expect(listed.map((r) => r.reminder)).toEqual(['due', 'due', 'soon']);
    expect(listed[2].id).toBe(soonId);

    const overdue = (await api(jane.accessToken).get(`/api/requests/${overdueId}`).expect(200)).body;
    expect(overdue.status).toBe('overdue');
    expect(overdue.authority).toMatchObject({ name: 'Die Bundesbeauftragte für den Datenschutz und die Informationsfreiheit', email: 'poststelle@bfdi.example' });
    expect(overdue.followUp.body).toContain('On 1 June 2025 I sent you the request below under Article 17 GDPR');
    expect(overdue.complaint).toMatchObject({ to: 'poststelle@bfdi.example' });
    expect(overdue.complaint.body).toContain('Article 77 GDPR');
    expect(overdue.idAdvice).toContain('Black out');
    expect(overdue.letter.body).toContain('copy of my ID document');
    const ccpa = (await api(jane.accessToken).get(`/api/requests/${ccpaId}`).expect(200)).body;
    expect(ccpa.authority.name).toBe('California Privacy Protection Agency');
    expect(ccpa.complaint.body).toContain('§ 1798.199.45');
    const soon = (await api(jane.accessToken).get(`/api/requests/${soonId}`).expect(200)).body;
    expect(soon).toMatchObject({ status: 'sent', followUp: null, complaint: null });

    // Answered: no more reminders, and the account's deletion takes every request with it.
    await api(jane.accessToken).patch(`/api/requests/${overdueId}`, { status: 'answered', notes: 'Deleted, they say.' }).expect(200);
    expect((await api(jane.accessToken).get(`/api/requests/${overdueId}`)).body.answeredOn).toBe(today);
    await request(t.app.getHttpServer()).delete('/api/auth/account').set('Authorization', `Bearer ${jane.accessToken}`).set(CSRF).send({ password: jane.password }).expect(204);
    expect(await query(t, 'SELECT 1 FROM rights_requests WHERE user_id = $1', [jane.userId])).toEqual([]);
  });
});
