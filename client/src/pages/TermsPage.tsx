import { Link, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ContactEmail, type LegalSection, LegalPage } from '../components/LegalPage';

const sections: LegalSection[] = [
  {
    title: 'The service',
    body: (
      <>
        <Text>
          Footprint checks email addresses, websites, social media handles and images for privacy exposures and gives
          you a privacy score with recommendations. Signed-in users can keep a history, download reports and set up
          monitors.
        </Text>
        <Text>
          Our results reflect the sources we could check at the time of the scan. They are information to help you
          decide what to do, not a guarantee that nothing else about you is exposed.
        </Text>
      </>
    ),
  },
  {
    title: 'Your account',
    body: (
      <Text>
        You must give a valid email address and keep your password secret. You are responsible for what happens under
        your account. Tell us straight away if you think someone else has used it.
      </Text>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <>
        <Text>Use Footprint to protect your own privacy, or that of people who have asked you to help. You must not:</Text>
        <List.Root ps="5" gap="2">
          <List.Item>scan other people to stalk, harass, profile or harm them;</List.Item>
          <List.Item>try to get around plan limits, rate limits or security measures;</List.Item>
          <List.Item>use the service or its API to build a database of other people’s data;</List.Item>
          <List.Item>upload content you have no right to share.</List.Item>
        </List.Root>
        <Text>We may suspend accounts that break these rules.</Text>
      </>
    ),
  },
  {
    title: 'Plans, payment and cancellation',
    body: (
      <>
        <Text>
          The free plan costs nothing. Paid plans (Plus, Pro and Business) are billed in advance for each period and
          renew until you cancel. You can cancel at any time; your plan stays active until the end of the period you
          have paid for.
        </Text>
        <Text>
          We will give you at least <strong>30 days’ notice</strong> of any change to the price of your plan, by email,
          before it applies to you. If you do not agree, you can cancel before the new price takes effect.
        </Text>
      </>
    ),
  },
  {
    title: 'Support',
    body: (
      <Text>
        Customers on the Pro and Business plans receive a first response to support requests within 24 hours. Other
        users receive help as soon as we can.
      </Text>
    ),
  },
  {
    title: 'Your data',
    body: (
      <Text>
        Your data remains yours. How we collect, use and keep it is explained in our{' '}
        <Link asChild variant="underline" color="blue.fg">
          <RouterLink to="/privacy">Privacy Policy</RouterLink>
        </Link>
        , which forms part of these terms.
      </Text>
    ),
  },
  {
    title: 'Availability and liability',
    body: (
      <>
        <Text>
          We work to keep Footprint available and accurate, but the service is provided “as is”. Checks depend on
          outside sources that may be slow, limited or unavailable; when a check could not run, we say so.
        </Text>
        <Text>
          To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability
          is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits rights
          you have as a consumer that cannot be limited by contract.
        </Text>
      </>
    ),
  },
  {
    title: 'Ending the agreement',
    body: (
      <Text>
        You can stop using Footprint and delete your account at any time. We may end or suspend your access if you
        seriously or repeatedly break these terms; where we can, we will tell you first and give you the chance to
        export your data.
      </Text>
    ),
  },
  {
    title: 'Changes to these terms',
    body: (
      <Text>
        We may update these terms. If a change affects you materially, we will tell you at least 30 days before it
        applies.
      </Text>
    ),
  },
  {
    title: 'Contact',
    body: (
      <Text>
        Questions about these terms? Write to <ContactEmail />.
      </Text>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2026"
      intro={
        <Text fontSize="lg">
          These terms govern your use of Footprint. By creating an account or using the service you agree to them.
          Please read them together with our{' '}
          <Link asChild variant="underline" color="blue.fg">
            <RouterLink to="/privacy">Privacy Policy</RouterLink>
          </Link>
          .
        </Text>
      }
      sections={sections}
    />
  );
}
