import type { AppConfig } from '../common/config/app.config';

/**
 * Every outside service Footprint can send personal data to: what it receives, when, and the
 * setting that turns it off. Built from the running configuration, so the privacy policy (and
 * GET /api/site) says what this server really does. Keep in step with docs/OPERATIONS.md "Outside services and personal data".
 */
export interface OutsideService {
  id: 'hibp' | 'xposedornot' | 'pwned-passwords' | 'gravatar' | 'dns' | 'websites' | 'username-sites' | 'google' | 'stripe' | 'smtp';
  name: string;
  /** What it is for. */
  purpose: string;
  /** What it receives from us. */
  sends: string;
  /** When. */
  when: string;
  /** Whether this server uses it now. */
  enabled: boolean;
  /** How the operator switches it off (or on). */
  control: string;
}

export function outsideServices(config: AppConfig): OutsideService[] {
  const { sources } = config;
  return [
    {
      id: 'hibp',
      name: 'Have I Been Pwned',
      purpose: 'Which known data breaches an email address is in; its pastes, for its verified owner; the breached addresses of an email domain whose owner proved control of it.',
      sends: 'The email address being scanned, or the watched domain (over HTTPS, from our server).',
      when:
        'When someone scans an email address, and when a monitor re-checks one (pastes only when the signed-in owner of the verified address asks); a watched domain at each run of its monitor, once its control is proven. Answers about an address are kept for a short while, under a keyed hash of the address, so repeated scans do not ask again.',
      enabled: Boolean(sources.hibp.apiKey),
      control: 'Used only when HIBP_API_KEY is set.',
    },
    {
      id: 'xposedornot',
      name: 'XposedOrNot',
      purpose: 'Which known data breaches and pastes an email address is in (a free service; no key).',
      sends: 'The email address being scanned (over HTTPS, from our server).',
      when: 'When someone scans an email address, and when a monitor re-checks one (answers kept for a short while, as above).',
      enabled: sources.xposedOrNot.enabled,
      control: 'XPOSEDORNOT_ENABLED=false turns it off.',
    },
    {
      id: 'pwned-passwords',
      name: 'Pwned Passwords (Have I Been Pwned)',
      purpose: 'Whether a password appears in known breaches.',
      sends: 'The first 5 characters of the password’s SHA-1 hash, computed in your browser; never the password or the whole hash.',
      when: 'When someone uses the password check.',
      enabled: sources.pwnedPasswords.enabled,
      control: 'PWNED_PASSWORDS_ENABLED=false turns it off.',
    },
    {
      id: 'gravatar',
      name: 'Gravatar',
      purpose: 'Whether an email address has a public profile picture and profile.',
      sends: 'The SHA-256 hash of the email address being scanned.',
      when: 'When someone scans an email address, and when a monitor re-checks one.',
      enabled: sources.gravatar.enabled,
      control: 'GRAVATAR_ENABLED=false turns it off.',
    },
    {
      id: 'dns',
      name: 'DNS resolvers',
      purpose: 'The mail records (MX, SPF, DMARC) of an email address’s domain.',
      sends: 'The domain of the email address being scanned (the part after @), or a watched domain, to the resolvers in DNS_SERVERS or the system’s.',
      when: 'When someone scans an email address; when a domain monitor looks for its proof of control (a TXT record), whatever EMAIL_DNS_ENABLED says.',
      enabled: sources.emailDnsEnabled,
      control: 'EMAIL_DNS_ENABLED=false turns it off.',
    },
    {
      id: 'websites',
      name: 'The website being scanned',
      purpose: 'The website privacy check.',
      sends: 'Requests for the address being scanned, from our server (no cookies or details of the person asking).',
      when: 'When someone scans a website address, when a website monitor re-checks one, and when a domain monitor fetches its proof file under /.well-known/.',
      enabled: true,
      control: 'This is the check itself: it reaches only the site asked for, through the SSRF guard.',
    },
    {
      id: 'username-sites',
      name: 'Sites in the username list',
      purpose: 'On which sites a username is taken.',
      sends: 'The username being scanned, in each site’s public profile address.',
      when: 'When someone scans an @handle or a profile link.',
      enabled: config.username.builtInSites || Boolean(config.username.siteListUrl),
      control: 'USERNAME_BUILTIN_SITES=false with USERNAME_SITE_LIST_URL=off asks no site.',
    },
    {
      id: 'google',
      name: 'Google sign-in',
      purpose: 'Signing in with a Google account.',
      sends: 'A sign-in request; Google tells us the account’s email address and name.',
      when: 'Only when a person chooses to sign in with Google.',
      enabled: Boolean(config.oidc.client),
      control: 'Used only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set.',
    },
    {
      id: 'stripe',
      name: 'Stripe',
      purpose: 'Card payments for paid plans.',
      sends: 'The plan and amount from our server; the card details go from your browser to Stripe, never to us.',
      when: 'Only when a person buys a paid plan.',
      enabled: Boolean(config.stripe.keys),
      control: 'Used only when the three STRIPE_ keys are set.',
    },
    {
      id: 'smtp',
      name: 'The mail server',
      purpose: 'Account emails and monitor alerts.',
      sends: 'The recipient’s email address and the message.',
      when: 'When we email an account holder.',
      enabled: Boolean(config.smtpUrl),
      control: 'Used only when SMTP_URL is set (otherwise mail stays in the database).',
    },
  ];
}
