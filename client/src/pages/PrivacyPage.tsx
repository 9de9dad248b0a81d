import { Link as RouterLink } from 'react-router-dom';
import { ContactEmail, type LegalSection, LegalPage } from '../components/LegalPage';
import { useSiteInfo } from '../site/use-site-info';

/** The outside services from GET /api/site: what each receives, when, and whether this server uses it. */
function OutsideServices() {
  const site = useSiteInfo();
  if (site.status === 'loading') return <p>Loading the list of services…</p>;
  if (site.status !== 'ready') {
    return (
      <p>
        The list of services could not be loaded. It names the breach services (Have I Been Pwned, XposedOrNot), the
        password check (Pwned Passwords), Gravatar, DNS resolvers, the sites you scan, Google sign-in, our card payment
        provider and our mail server.
      </p>
    );
  }
  const used = site.data.outsideServices.filter((service) => service.enabled);
  const unused = site.data.outsideServices.filter((service) => !service.enabled);
  return (
    <>
      <ul className="sh-legal-list-loose" aria-label="Outside services this server uses">
        {used.map((service) => (
          <li key={service.id} className="sh-list-item">
            <strong>{service.name}</strong> — {service.purpose} It receives: {service.sends} When: {service.when}
          </li>
        ))}
      </ul>
      {unused.length > 0 && <p>Not used on this server: {unused.map((service) => service.name).join(', ')}.</p>}
    </>
  );
}

const sections: LegalSection[] = [
  {
    title: 'What we collect',
    body: (
      <>
        <p>We collect only what we need to run Footprint:</p>
        <ul className="sh-list">
          <li className="sh-list-item">
            <strong>Account details:</strong> your email address, an optional display name, and a hash of your password.
          </li>
          <li className="sh-list-item">
            <strong>What you scan:</strong> the email addresses, website URLs and social media handles you submit, and
            the results of each scan.
          </li>
          <li className="sh-list-item">
            <strong>Images you check:</strong> an uploaded image is analysed in memory to read its metadata and is never
            written to disk or kept after the analysis.
          </li>
          <li className="sh-list-item">
            <strong>Monitors:</strong> the addresses and handles you ask us to re-check, and how often.
          </li>
          <li className="sh-list-item">
            <strong>Usage events:</strong> first-party records of what happens in the app (for example, that a scan was
            started or completed), used to keep the service working and improve it.
          </li>
          <li className="sh-list-item">
            <strong>Payments:</strong> if you buy a paid plan, our card payment provider processes your card. We never
            see or store your full card number.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'How we use it',
    body: (
      <p>
        We use your data to run the scans and monitors you ask for, to show you your history and reports, to send you
        the alerts and account emails you expect, to enforce plan limits, and to keep the service secure. We do not
        sell your data, and we do not use it to build advertising profiles.
      </p>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <>
        <p>
          Scan results are kept for <strong>30 days on the free plan</strong> and <strong>90 days on paid plans</strong>,
          then deleted automatically. Usage events are deleted after <strong>90 days</strong>.
        </p>
        <p>
          Your account details are kept while your account exists. When you delete your account, we delete everything
          that belongs to it: scans, monitors, reports and usage events.
        </p>
      </>
    ),
  },
  {
    title: 'Analytics and advertising',
    body: (
      <>
        <p>
          We use first-party analytics only: usage events are sent to Footprint’s own server and nowhere else. Our pages
          load no third-party trackers, analytics scripts or fonts. The one exception is checkout, which loads our card
          payment provider’s payment form when you pay for a plan.
        </p>
        <p>
          We work with no ad networks. The message shown at the bottom of the page to free-plan users is Footprint’s own
          invitation to upgrade, not an advertisement from anyone else.
        </p>
      </>
    ),
  },
  {
    title: 'Passwords',
    body: (
      <>
        <p>
          Passwords are never stored in plain text. We store only a hash made with a slow, memory-hard function, so the
          password itself cannot be read back, even by us.
        </p>
        <p>
          When we check whether a password has appeared in a known breach, it is hashed in your browser and only the
          first 5 characters of that hash are sent. The password, and the full hash, never leave your device.
        </p>
      </>
    ),
  },
  {
    title: 'Who we share data with',
    body: (
      <>
        <p>
          To run the checks and features you use, our server sends some data to outside services. Each one is listed
          here with exactly what it receives and when; this server’s operator can turn each of them off, and the list
          says which ones this server uses now.
        </p>
        <OutsideServices />
        <p>
          Breach and paste lookups are kept for a short while so a repeated scan does not ask again: stored under a
          keyed hash of the address, never the address itself, encrypted, and deleted with your account. We may also
          disclose data where the law requires it.
        </p>
      </>
    ),
  },
  {
    title: 'Your rights: export and deletion',
    body: (
      <>
        <p>
          You can export all the data we hold about you in a machine-readable format, correct your account details, and
          delete your account at any time from your account page. Deleting your account removes all of its data.
        </p>
        <p>
          You may also have further rights under the law where you live, such as the GDPR or the CCPA, including the
          right to object to processing and to complain to a data protection authority.
        </p>
      </>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        Connections to Footprint are encrypted. Sign-in sessions use short-lived access tokens kept in memory and a
        refresh cookie that scripts cannot read. Our logs never contain the email addresses, passwords or images you
        submit.
      </p>
    ),
  },
  {
    title: 'Children',
    body: <p>Footprint is not intended for children under 16, and we do not knowingly collect their data.</p>,
  },
  {
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy in a way that affects you, we will tell you by email or in the app before the change
        takes effect.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Questions about your privacy or this policy? Write to <ContactEmail />.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2026"
      intro={
        <p className="sh-legal-intro">
          Footprint helps you see what of you is exposed online. This policy explains what we collect when you use it,
          why, how long we keep it, and the choices you have. It should be read together with our{' '}
          <RouterLink to="/terms" className="sh-link">Terms of Service</RouterLink>
          .
        </p>
      }
      sections={sections}
    />
  );
}
