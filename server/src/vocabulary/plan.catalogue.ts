/**
 * The one plan catalogue: pricing, features and account pages and
 * every quota read it. Prices are in cents so money never goes through floating point.
 */
export const PLAN_TIERS = ['free', 'plus', 'pro', 'business'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export interface Plan {
  tier: PlanTier;
  name: string;
  priceCents: number;
  monthlyScans: number;
  /** Active monitors, of every kind together (emails and handles, websites, email domains). */
  monitors: number;
  /** Monitors may watch a whole email domain (its breached addresses, through Have I Been Pwned's domain search). */
  domainWatch: boolean;
  reports: boolean;
  /** Privacy-rights requests (drafted and tracked) per calendar month. */
  monthlyRequests: number;
  mostPopular: boolean;
  features: readonly string[];
}

/**
 * Personal API tokens work on every plan (auth/api-tokens.service.ts asks for none; API scans count
 * against the plan's scans like any other), so every plan says so.
 */
export const API_ACCESS_FEATURE = 'The REST API with personal API tokens';
const BUSINESS_MONITORS = '25 active monitors: emails, handles, websites and whole email domains';
/** A plan's feature lines as they read on a server that cannot watch whole domains. */
const WITHOUT_DOMAIN_WATCH: Readonly<Record<string, string>> = { [BUSINESS_MONITORS]: '25 active monitors: emails, handles and websites' };

export const PLANS: readonly Plan[] = [
  {
    tier: 'free',
    name: 'Free',
    priceCents: 0,
    monthlyScans: 3,
    monitors: 0,
    domainWatch: false,
    reports: false,
    monthlyRequests: 3,
    mostPopular: false,
    features: ['3 privacy scans per month', 'Email, website and social handle checks', 'Image metadata check', '3 privacy-rights requests per month', API_ACCESS_FEATURE],
  },
  {
    tier: 'plus',
    name: 'Plus',
    priceCents: 999,
    monthlyScans: 25,
    monitors: 1,
    domainWatch: false,
    reports: true,
    monthlyRequests: 15,
    mostPopular: true,
    features: ['25 privacy scans per month', '1 active monitor: your emails and handles, or a website', '15 privacy-rights requests per month', 'PDF reports', API_ACCESS_FEATURE, 'No ads'],
  },
  {
    tier: 'pro',
    name: 'Pro',
    priceCents: 1999,
    monthlyScans: 100,
    monitors: 5,
    domainWatch: false,
    reports: true,
    monthlyRequests: 50,
    mostPopular: false,
    features: ['100 privacy scans per month', '5 active monitors: emails, handles and websites', '50 privacy-rights requests per month', 'PDF reports', API_ACCESS_FEATURE, 'No ads'],
  },
  {
    tier: 'business',
    name: 'Business',
    priceCents: 4999,
    monthlyScans: 500,
    monitors: 25,
    domainWatch: true,
    reports: true,
    monthlyRequests: 200,
    mostPopular: false,
    features: ['500 privacy scans per month', BUSINESS_MONITORS, '200 privacy-rights requests per month', 'PDF reports', API_ACCESS_FEATURE, 'No ads'],
  },
];

export function planFor(tier: PlanTier): Plan {
  const plan = PLANS.find((p) => p.tier === tier);
  if (!plan) throw new Error(`Unknown plan tier ${tier}`);
  return plan;
}

/** What this server can do that some plans sell: domain watch needs Have I Been Pwned's domain search (an HIBP API key). */
export interface ServerCapabilities {
  domainWatch: boolean;
}

/**
 * The plan as this server can honour it: what the server cannot do is neither sold nor granted
 * (without an HIBP key no plan watches whole domains, and its features do not say so).
 */
export function planOnServer(plan: Plan, server: ServerCapabilities): Plan {
  if (server.domainWatch || !plan.domainWatch) return plan;
  return { ...plan, domainWatch: false, features: plan.features.map((feature) => WITHOUT_DOMAIN_WATCH[feature] ?? feature) };
}

export function isPlanTier(value: unknown): value is PlanTier {
  return typeof value === 'string' && (PLAN_TIERS as readonly string[]).includes(value);
}

/**
 * The amount a payment for one period of a plan must carry, in cents (the spec's "price × 100"),
 * or undefined for the free plan, which is never paid for.
 */
export function paymentAmountCents(tier: PlanTier): number | undefined {
  const { priceCents } = planFor(tier);
  return priceCents > 0 ? priceCents : undefined;
}

/**
 * Paid plans are bought one period at a time: a payment gives its plan for 30 days (docs/OPERATIONS.md "Plans
 * and payments"). A plan past its end counts as Free everywhere — quotas, monitors, the footer slot.
 */
export const PLAN_PERIOD_DAYS = 30;

/** What the users table keeps: the last plan paid for (or granted) and when it ends. */
export interface StoredPlan {
  tier: PlanTier;
  /** Null: no end (Free, or a plan an operator granted in the database). */
  expiresAt: Date | null;
}

export type PlanStatus = 'active' | 'expired' | 'free';

export interface EffectivePlan {
  /** The plan that applies now. */
  tier: PlanTier;
  /** When the last paid period ends or ended; null when there is none. */
  expiresAt: Date | null;
  /** 'active': a paid plan in its period; 'expired': a paid period ended (Free applies); 'free': never paid. */
  status: PlanStatus;
}

/** The one place that decides which plan applies at `now`. */
export function effectivePlan(stored: StoredPlan, now: Date): EffectivePlan {
  if (stored.tier === 'free') return { tier: 'free', expiresAt: stored.expiresAt, status: stored.expiresAt ? 'expired' : 'free' };
  if (stored.expiresAt === null || stored.expiresAt.getTime() > now.getTime()) {
    return { tier: stored.tier, expiresAt: stored.expiresAt, status: 'active' };
  }
  return { tier: 'free', expiresAt: stored.expiresAt, status: 'expired' };
}

/** How long scan results are kept, by plan (the privacy policy's promise). */
export const RETENTION_DAYS = { free: 30, paid: 90 } as const;

/** How long a plan keeps scan results: 30 days on the free plan, 90 on paid plans. */
export function retentionDaysOf(tier: PlanTier): number {
  return planFor(tier).priceCents > 0 ? RETENTION_DAYS.paid : RETENTION_DAYS.free;
}

