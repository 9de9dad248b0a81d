import { MONITOR_ALERT_MAX_ITEMS, monitorAlertEmail } from '../mail/mail-templates';

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
});
