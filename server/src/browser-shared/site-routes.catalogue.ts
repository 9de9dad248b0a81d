/**
 * The web client's pages, shared by the client (router, document titles) and the server (status
 * codes, the title and description in the HTML it sends, robots.txt, the sitemap). Pure data.
 */

/**
 * Who a page is for: everyone (listed in the sitemap), people holding an emailed link (never
 * crawled: the link carries a token), or signed-in users (crawlers kept off).
 */
export type SiteRouteAccess = 'public' | 'link' | 'signed-in';

export interface SiteRoute {
  readonly path: string;
  /** The page's own name; the document title adds the product's. */
  readonly title: string;
  readonly description: string;
  readonly access: SiteRouteAccess;
  /** The client module that renders it (client/src/pages/<page>.tsx), whose code the server preloads. */
  readonly page: string;
  /** False for a public page not worth listing in the sitemap. */
  readonly listed?: boolean;
}

export const PRODUCT_NAME = 'Footprint';

export const SITE_ROUTES = [
  {
    path: '/',
    page: 'LandingPage',
    title: 'Your privacy audit',
    description:
      'Footprint checks what of you is exposed online — breaches, trackers, social profiles, photo metadata — and tells you what to do about it.',
    access: 'public',
  },
  {
    path: '/features',
    page: 'FeaturesPage',
    title: 'Features',
    description: 'What Footprint checks: data breaches, oversharing, location exposure, photo metadata and social profiles, with plans from free.',
    access: 'public',
  },
  {
    path: '/about',
    page: 'AboutPage',
    title: 'About',
    description: 'Why Footprint exists, how it works, and what it does and does not do with the things you ask it to check.',
    access: 'public',
  },
  {
    path: '/pricing',
    page: 'PricingPage',
    title: 'Pricing',
    description: 'Footprint plans and prices: Free, Plus, Pro and Business, with their monthly scans and monitors.',
    access: 'public',
  },
  {
    path: '/education',
    page: 'EducationPage',
    title: 'Privacy education',
    description: 'Plain-language guides to online privacy: breaches, passwords, tracking, photo metadata and social media.',
    access: 'public',
  },
  {
    path: '/privacy',
    page: 'PrivacyPage',
    title: 'Privacy policy',
    description: 'What Footprint collects, why, how long it keeps it, and how to export or delete your data.',
    access: 'public',
  },
  {
    path: '/terms',
    page: 'TermsPage',
    title: 'Terms of service',
    description: 'The terms of using Footprint: your account, the plans and payments, the API and what we promise.',
    access: 'public',
  },
  {
    path: '/login',
    page: 'LoginPage',
    title: 'Sign in',
    description: 'Sign in to Footprint to see your scan history, reports and monitors.',
    access: 'public',
  },
  {
    path: '/signup',
    page: 'SignupPage',
    title: 'Create your account',
    description: 'Create a free Footprint account to keep your privacy scans, get reports and monitor your email addresses.',
    access: 'public',
  },
  {
    path: '/forgot-password',
    page: 'ForgotPasswordPage',
    title: 'Reset your password',
    description: 'Forgot your password? Get an emailed link to choose a new Footprint password.',
    access: 'public',
    listed: false,
  },
  {
    path: '/reset-password',
    page: 'ResetPasswordPage',
    title: 'Choose a new password',
    description: 'Choose a new password for your Footprint account with the link we emailed you.',
    access: 'link',
  },
  {
    path: '/verify-email',
    page: 'VerifyEmailPage',
    title: 'Verify your email',
    description: 'Confirm the email address of your Footprint account with the link we emailed you.',
    access: 'link',
  },
  {
    path: '/monitoring/verify-email',
    page: 'MonitoredEmailVerifyPage',
    title: 'Confirm a monitored address',
    description: 'Confirm an email address you asked Footprint to monitor for new breaches and exposures.',
    access: 'link',
  },
  {
    path: '/dashboard',
    page: 'DashboardPage',
    title: 'Dashboard',
    description: 'Your privacy scans, your risk overview and your most recent results in one place.',
    access: 'signed-in',
  },
  {
    path: '/history',
    page: 'HistoryPage',
    title: 'Scan history',
    description: 'Every scan you ran, newest first: filter by kind or input and open any stored result.',
    access: 'signed-in',
  },
  {
    path: '/report',
    page: 'ReportPage',
    title: 'Your privacy report',
    description: 'Your privacy report: your risks, the breaches found and what to do next.',
    access: 'signed-in',
  },
  {
    path: '/account',
    page: 'AccountPage',
    title: 'Account',
    description: 'Your Footprint account: your plan, your API tokens, your data export and deletion.',
    access: 'signed-in',
  },
  {
    path: '/monitoring',
    page: 'MonitoringPage',
    title: 'Privacy monitoring',
    description: 'Your monitors, when they run next and what they found since you last looked.',
    access: 'signed-in',
  },
  {
    path: '/requests',
    page: 'RequestsPage',
    title: 'Privacy-rights requests',
    description: 'Ask organisations to show, delete or stop using your data, and track their answers to the legal deadline.',
    access: 'signed-in',
  },
] as const satisfies readonly SiteRoute[];

export type SitePath = (typeof SITE_ROUTES)[number]['path'];
/** A route of the catalogue, as listed (its path one of SitePath). */
export type SiteRouteEntry = (typeof SITE_ROUTES)[number];

/** What the server answers (with status 404) for any other path. */
export const NOT_FOUND_PAGE = {
  page: 'NotFoundPage',
  title: 'Page not found',
  description: 'The page you are looking for does not exist or has moved.',
} as const;

/** Matches the way the client's router does: case-insensitive, one trailing slash ignored. */
function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

const BY_PATH: ReadonlyMap<string, SiteRouteEntry> = new Map(SITE_ROUTES.map((route) => [route.path, route]));

/** The page at `pathname`, or undefined when the client has none there (a 404). */
export function siteRouteFor(pathname: string): SiteRouteEntry | undefined {
  return BY_PATH.get(normalizePath(pathname));
}

/** "Pricing · Footprint"; the landing page reads "Footprint — Your privacy audit". */
export function documentTitle(page: { title: string; path?: string }): string {
  return page.path === '/' ? `${PRODUCT_NAME} — ${page.title}` : `${page.title} · ${PRODUCT_NAME}`;
}

/** Pages crawlers may index: the public ones. */
export function sitemapRoutes(): SiteRoute[] {
  return SITE_ROUTES.filter((route: SiteRoute) => route.access === 'public' && route.listed !== false);
}

/** Paths robots.txt keeps crawlers off: the API, signed-in pages and emailed-link pages. */
export function disallowedPaths(): string[] {
  const pages = SITE_ROUTES.filter((route) => route.access !== 'public').map((route) => route.path);
  // A prefix rule covers the pages below it (/monitoring covers /monitoring/verify-email).
  const covering = pages.filter((path) => !pages.some((other) => other !== path && path.startsWith(`${other}/`)));
  return ['/api/', ...covering];
}
