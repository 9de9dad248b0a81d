import { Link as RouterLink } from 'react-router-dom';
import { ContactEmail, type LegalSection, LegalPage } from '../components/LegalPage';

const sections: LegalSection[] = [
  {
    title: 'The service',
    body: (
      <>
        <p>
          Footprint checks email addresses, websites, social media handles and images for privacy exposures and gives
          you a privacy score with recommendations. Signed-in users can keep a history, download reports and set up
          monitors.
        </p>
        <p>
          Our results reflect the sources we could check at the time of the scan. They are information to help you
          decide what to do, not a guarantee that nothing else about you is exposed.
        </p>
      </>
    ),
  },
  {
    title: 'Your account',
    body: (
      <p>
        You must give a valid email address and keep your password secret. You are responsible for what happens under
        your account. Tell us straight away if you think someone else has used it.
      </p>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <>
        <p>Use Footprint to protect your own privacy, or that of people who have asked you to help. You must not:</p>
        <ul className="sh-list">
          <li className="sh-list-item">scan other people to stalk, harass, profile or harm them;</li>
          <li className="sh-list-item">try to get around plan limits, rate limits or security measures;</li>
          <li className="sh-list-item">use the service or its API to build a database of other people’s data;</li>
          <li className="sh-list-item">upload content you have no right to share.</li>
        </ul>
        <p>We may suspend accounts that break these rules.</p>
      </>
    ),
  },
  {
    title: 'Plans, payment and cancellation',
    body: (
      <>
        <p>
          The free plan costs nothing. Paid plans (Plus, Pro and Business) are bought one period at a time: one
          payment covers 30 days, and nothing renews by itself, so there is nothing to cancel. When the period ends the
          account is on the free plan again, unless you buy another period.
        </p>
        <p>
          We will give you at least <strong>30 days’ notice</strong> of any change to the price of a plan. A new price applies
          only to periods bought after it takes effect; a period you have paid for keeps its price.
        </p>
      </>
    ),
  },
  {
    title: 'Support',
    body: (
      <p>
        Questions and requests go to the contact address at the foot of every page. We answer as soon as we can; we do
        not promise a response time on any plan.
      </p>
    ),
  },
  {
    title: 'Your data',
    body: (
      <p>
        Your data remains yours. How we collect, use and keep it is explained in our{' '}
        <RouterLink to="/privacy" className="sh-link">Privacy Policy</RouterLink>
        , which forms part of these terms.
      </p>
    ),
  },
  {
    title: 'Availability and liability',
    body: (
      <>
        <p>
          We work to keep Footprint available and accurate, but the service is provided “as is”. Checks depend on
          outside sources that may be slow, limited or unavailable; when a check could not run, we say so.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability
          is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits rights
          you have as a consumer that cannot be limited by contract.
        </p>
      </>
    ),
  },
  {
    title: 'Ending the agreement',
    body: (
      <p>
        You can stop using Footprint and delete your account at any time. We may end or suspend your access if you
        seriously or repeatedly break these terms; where we can, we will tell you first and give you the chance to
        export your data.
      </p>
    ),
  },
  {
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. If a change affects you materially, we will tell you at least 30 days before it
        applies.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to <ContactEmail />.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2026"
      intro={
        <p className="sh-legal-intro">
          These terms govern your use of Footprint. By creating an account or using the service you agree to them.
          Please read them together with our{' '}
          <RouterLink to="/privacy" className="sh-link">Privacy Policy</RouterLink>
          .
        </p>
      }
      sections={sections}
    />
  );
}
