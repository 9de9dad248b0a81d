import { MONITOR_ALERT_MAX_ITEMS, monitorAlertEmail } from '../mail/mail-templates.renderer';

describe('the monitor alert email', () => {
  const item = (title: string) => ({ kind: 'breach' as const, target: 'jane@example.com', title, recommendation: 'Change the password & turn on 2FA.' });

  it('lists what is new with what to do, escaped in HTML, and links to the monitoring page', () => {
    const mail = monitorAlertEmail({ summary: '1 new breach', monitorType: 'weekly', items: [item('<script>alert(1)</script>')], manageUrl: 'https://footprint.test/monitoring' });
    expect(mail.subject).toBe('Footprint monitor: 1 new breach');
    expect(mail.text).toContain('New breach for jane@example.com: <script>alert(1)</script>. What to do: Change the password & turn on 2FA.');
    expect(mail.text).toContain('https://footprint.test/monitoring');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Change the password &amp; turn on 2FA.');
    expect(mail.html).toContain('href="https://footprint.test/monitoring"');
  });

  it('lists at most 20 and points to the page for the rest', () => {
    const items = Array.from({ length: MONITOR_ALERT_MAX_ITEMS + 3 }, (_, i) => item(`Breach ${i}`));
    const mail = monitorAlertEmail({ summary: '23 new breaches', monitorType: 'monthly', items, manageUrl: 'https://footprint.test/monitoring' });
    expect(mail.text).toContain('Breach 19');
    expect(mail.text).not.toContain('Breach 20');
    expect(mail.text).toContain('And 3 more on the monitoring page.');
  });

  it('shows a change with before, now and the first lines of what was seen', () => {
    const mail = monitorAlertEmail({
      summary: '1 website change',
      monitorType: 'weekly',
      items: [
        {
          kind: 'website_change',
          target: 'https://shop.example/',
          title: 'Security header removed: X-Content-Type-Options',
          recommendation: 'Send the header again.',
          before: 'X-Content-Type-Options: nosniff',
          after: 'no X-Content-Type-Options',
          evidence: ['one', 'two', 'three', 'four', 'five'],
        },
      ],
      manageUrl: 'https://footprint.test/monitoring',
    });
    expect(mail.text).toContain(
      'Website change for https://shop.example/: Security header removed: X-Content-Type-Options. Before: X-Content-Type-Options: nosniff. Now: no X-Content-Type-Options. Seen: one; two; three; four; …. What to do: Send the header again.',
    );
  });
});
