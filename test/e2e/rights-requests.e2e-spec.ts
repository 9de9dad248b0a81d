import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FakeDatarequests, generatedCompanies, SAMPLE_COMPANIES } from '../fakes/datarequests';
import { DESKTOP } from '../support/browser';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';
import { logInInBrowser, signUpThroughApi } from '../support/signup-page';

/**
 * A privacy-rights request in a real browser against the built app: the catalogue loads from the
 * loopback fake shortly after start (3,000 invented companies plus the samples), a breach finding's
 * "Ask them to delete" link opens the request page with the organisation matched, the letter is
 * drafted, marked sent, and shows on the dashboard's Open requests card. Screenshots of the
 * request page at 390 px and 1280 px go to test-artifacts/.
 */

jest.setTimeout(120_000);

const fake = new FakeDatarequests();
fake.companies = [...SAMPLE_COMPANIES, ...generatedCompanies(3_000)];
beforeAll(() => fake.start());
afterAll(() => fake.close());
const suite = useBuiltAppAndBrowser(() => fake.env);
const SHOTS = join(__dirname, '..', '..', 'test-artifacts');

async function catalogueLoaded(baseUrl: string, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const res = await fetch(`${baseUrl}/api/organisations?query=lantern`);
    const body = (await res.json()) as { organisations: unknown[]; source: { companies: number } };
    if (body.organisations.length > 0) return body.source.companies;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the catalogue did not load');
}

it('drafts a request from a breach finding, marks it sent and shows it on the dashboard', async () => {
  const { baseUrl } = suite.app;
  const companies = await catalogueLoaded(baseUrl, 60_000);
  expect(companies).toBe(3_004);
  const user = { email: `requests.${process.pid}.${Date.now()}@example.test`, password: 'requests-pass-1', ip: '10.77.0.1' };
  mkdirSync(SHOTS, { recursive: true });

  const id = await suite.browser.withPage(baseUrl, { viewport: DESKTOP }, async (t) => {
    await signUpThroughApi(t, baseUrl, user);
    await logInInBrowser(t, user.email, user.password);
    const started = Date.now();
    await t.goto('/requests?label=the+Lantern+Market+breach&domains=lanternmarket.example&kind=erasure');
    await t.page.getByTestId('chosen-organisation').getByText('Lantern Market Ltd.').waitFor();
    await t.page.getByRole('button', { name: 'Draft the request' }).click();
    const letter = t.page.getByTestId('letter-body').first();
    await letter.waitFor();
    console.log(`rights requests: from the finding's link to a ready request: ${Date.now() - started} ms`);
    const text = await letter.textContent();
    expect(text).toContain('Article 17 GDPR');
    expect(text).toContain('This concerns the data linked to the Lantern Market breach.');
    expect(text).toContain(`Email address: ${user.email}`);
    const mailto = await t.page.getByRole('link', { name: 'Open in my mail app' }).getAttribute('href');
    expect(mailto).toMatch(/^mailto:privacy@lanternmarket\.example\?subject=Erasure/);
    await t.page.screenshot({ path: join(SHOTS, 'request-page-1280.png'), fullPage: true });

    await t.page.getByRole('button', { name: 'I sent it today' }).click();
    await t.page.getByTestId('request-status').getByText('Waiting for an answer').waitFor();
    await t.page.getByText(/They must answer by \d{4}-\d\d-\d\d: one month/).waitFor();
    const requestId = new URL(t.page.url()).searchParams.get('id')!;

    await t.goto('/dashboard');
    const card = t.page.getByTestId('open-requests');
    await card.getByText('Open requests (1)').waitFor();
    await card.getByText(/Lantern Market Ltd\. · Delete my data/).waitFor();
    t.expectClean();
    return requestId;
  });

  await suite.browser.withPage(baseUrl, { viewport: { width: 390, height: 844 }, name: 'rights-requests-phone' }, async (t) => {
    await logInInBrowser(t, user.email, user.password);
    await t.goto(`/requests?id=${id}`);
    await t.page.getByTestId('letter-body').first().waitFor();
    // Nothing wider than the phone's screen.
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await t.page.screenshot({ path: join(SHOTS, 'request-page-390.png'), fullPage: true });
  });
});
