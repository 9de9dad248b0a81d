/**
 * The privacy vocabulary as data: what to do about each kind of finding and each kind of breached
 * data, how serious a breach is, and which outside service or check a finding came from.
 * Written in our own words; analyzers and the recommendation builder read it, nothing else
 * spells these strings.
 */
import type { HibpBreach } from '../sources/source-types';
import type { FindingType, Recommendation, RiskLevel } from './analysis.types';

/** A recommendation plus one sentence on why it matters (for people reading the catalogue or a detail view). */
export interface CatalogueRecommendation extends Recommendation {
  why: string;
}

/** The `source` written on every detail: who or what saw it. */
export const FINDING_SOURCES = {
  hibp: 'Have I Been Pwned',
  gravatar: 'Gravatar',
  dns: 'DNS',
  emailDomainLists: 'Email domain lists',
  urlCheck: 'Footprint URL check',
  demo: 'Footprint demo (sample data)',
} as const;

/** Lowest first: `RISK_ORDER[level]` compares levels. */
export const RISK_ORDER: Readonly<Record<RiskLevel, number>> = { low: 0, medium: 1, high: 2, critical: 3 };

export function maxRisk(a: RiskLevel, b: RiskLevel): RiskLevel {
  return RISK_ORDER[a] >= RISK_ORDER[b] ? a : b;
}

export function minRisk(a: RiskLevel, b: RiskLevel): RiskLevel {
  return RISK_ORDER[a] <= RISK_ORDER[b] ? a : b;
}

/** One entry for every finding type our checks report. */
export const FINDING_RECOMMENDATIONS: Readonly<Record<FindingType, CatalogueRecommendation>> = {
  disposable_email_domain: {
    category: 'Email Security',
    priority: 'medium',
    action: 'Do not use a throwaway address for accounts you want to keep: move them to an address only you can read.',
    why: 'Many disposable inboxes can be opened by anyone who knows the address, including password-reset mail.',
  },
  free_email_provider: {
    category: 'Email Security',
    priority: 'low',
    action: 'Turn on two-factor authentication for this mailbox and be wary of messages asking you to sign in or "verify" your account.',
    why: 'Large free mail services are the most common target of phishing and credential-stuffing campaigns.',
  },
  custom_email_domain: {
    category: 'Email Security',
    priority: 'low',
    action: 'Treat unexpected mail that names your colleagues or company with suspicion, and keep staff directories off the public web.',
    why: 'An address on your own domain tells attackers where you work and how the other addresses there are built.',
  },
  no_mx_record: {
    category: 'Email Security',
    priority: 'medium',
    action: 'Check that this address is spelled correctly; if it is yours, make sure its domain stays registered and has mail servers set up.',
    why: 'Mail to a domain without mail servers is lost, and a lapsed domain can be registered by someone else who then receives your mail.',
  },
  spf_missing: {
    category: 'Email Security',
    priority: 'low',
    action: "Ask the domain's administrator to publish an SPF record listing the servers allowed to send its mail, ending in -all or ~all.",
    why: 'Without SPF, receiving servers cannot tell which servers may send mail for this domain.',
  },
  spf_weak: {
    category: 'Email Security',
    priority: 'medium',
    action: "Ask the domain's administrator to publish exactly one SPF record that ends in -all or ~all (never +all or ?all).",
    why: 'An SPF record that allows everyone, or that receivers must ignore as broken, protects nothing.',
  },
  dmarc_missing: {
    category: 'Email Security',
    priority: 'medium',
    action: "Ask the domain's administrator to publish a DMARC record, moving to p=quarantine or p=reject once reports look clean.",
    why: 'Without DMARC, anyone can send mail that appears to come from this address.',
  },
  dmarc_weak: {
    category: 'Email Security',
    priority: 'medium',
    action: "Ask the domain's administrator to tighten DMARC to p=quarantine or p=reject for all mail (no pct below 100).",
    why: 'A DMARC policy of none, or one applied to only part of the mail, lets forged mail from this address through.',
  },
  gravatar_profile_public: {
    category: 'Personal Information',
    priority: 'low',
    action: 'Review your public Gravatar profile at gravatar.com and remove anything you would not put on a business card.',
    why: 'Anyone who knows your email address can open this profile.',
  },
  gravatar_name_public: {
    category: 'Personal Information',
    priority: 'medium',
    action: 'Hide your real name on Gravatar, or replace it with a nickname, if you do not want your email address linked to it.',
    why: 'A name tied to an email address makes targeted phishing and people-search lookups easy.',
  },
  gravatar_location_public: {
    category: 'Location Privacy',
    priority: 'medium',
    action: 'Remove your location and time zone from your Gravatar profile.',
    why: 'A location next to your name and email address narrows down where you can be found.',
  },
  gravatar_employer_public: {
    category: 'Personal Information',
    priority: 'medium',
    action: 'Remove your job title and employer from your Gravatar profile unless you want them public.',
    why: 'Employer and role are what attackers need to impersonate a colleague or a supplier.',
  },
  gravatar_contact_public: {
    category: 'Personal Information',
    priority: 'high',
    action: 'Remove phone numbers and extra email addresses from your public Gravatar profile now.',
    why: 'A public phone number invites scam calls, smishing and SIM-swap attempts.',
  },
  gravatar_accounts_public: {
    category: 'Social Media',
    priority: 'medium',
    action: 'Hide the verified accounts on your Gravatar profile that you do not want linked to this email address.',
    why: 'Linked accounts let anyone join up your identities across sites.',
  },
  gravatar_links_public: {
    category: 'Social Media',
    priority: 'low',
    action: 'Check the links on your Gravatar profile and remove those that reveal more than you intend.',
    why: 'Each link is another place where more about you can be found.',
  },
  gravatar_avatar_public: {
    category: 'Personal Information',
    priority: 'low',
    action: 'If your Gravatar image is a photo of you, consider replacing it with a picture that does not show your face.',
    why: 'A face photo tied to an email address can be matched by reverse image search.',
  },
  gravatar_about_public: {
    category: 'Personal Information',
    priority: 'low',
    action: 'Trim the "about" details on your Gravatar profile (bio, pronouns, languages, interests) to what you are happy to share.',
    why: 'Small personal details add up to answers for security questions and convincing pretexts.',
  },
  url_not_https: {
    category: 'Browsing Security',
    priority: 'medium',
    action: 'Use the https:// address of this site, and do not enter passwords or personal data on pages served over plain http.',
    why: 'Plain http traffic can be read and altered by anyone on the network path.',
  },
  url_shortener: {
    category: 'Browsing Security',
    priority: 'medium',
    action: 'Expand shortened links with a link preview before opening them, and share the full address instead.',
    why: 'A short link hides where it leads, and the shortening service records every click.',
  },
  url_suspicious_host: {
    category: 'Browsing Security',
    priority: 'medium',
    action: 'Check where this link really points before opening it, and type well-known addresses yourself.',
    why: 'Raw IP addresses, look-alike international characters and deeply nested names are common in phishing links.',
  },
  url_tracking_parameters: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Remove tracking parameters (utm_…, fbclid, gclid and similar) before sharing or bookmarking links.',
    why: 'These parameters tell the site and its advertisers where the click came from and can tie it to you.',
  },
  demo_sample: {
    category: 'Demo',
    priority: 'low',
    action: 'Run the scan again later for a real analysis: these are sample findings, not facts about you.',
    why: 'No real check could run for this scan.',
  },
};

const password = {
  category: 'Account Security',
  priority: 'critical',
  action: 'Change the password of this account and of every other account where you used the same one; use a password manager from now on.',
  why: 'Leaked passwords, even hashed ones, are cracked and tried against other sites within days.',
} as const satisfies CatalogueRecommendation;

const card = {
  category: 'Financial',
  priority: 'critical',
  action: 'Ask your bank to replace the card, and check your statements for payments you do not recognise.',
  why: 'Card data is sold and used for fraud soon after a breach.',
} as const satisfies CatalogueRecommendation;

const identityDocument = {
  category: 'Identity',
  priority: 'critical',
  action: 'Consider a credit freeze or fraud alert, and ask the issuing authority whether the document should be replaced.',
  why: 'Identity documents and national numbers are used to open accounts and take out credit in your name.',
} as const satisfies CatalogueRecommendation;

const messages = {
  category: 'Privacy',
  priority: 'high',
  action: 'Assume the content of these messages is public; watch for blackmail or scams that quote them, and report extortion attempts.',
  why: 'Leaked private conversations are used for extortion and convincing impersonation.',
} as const satisfies CatalogueRecommendation;

const sensitiveProfile = {
  category: 'Privacy',
  priority: 'high',
  action: 'Be alert to blackmail or discrimination based on this data; delete the account if you no longer use the service.',
  why: 'This kind of personal detail can be used to shame, pressure or discriminate.',
} as const satisfies CatalogueRecommendation;

/**
 * Recommendations by breach data class, keyed by the exact names HIBP uses
 * (https://haveibeenpwned.com/API/v3#AllDataClasses). Priorities also rate breaches: see breachRisk.
 */
export const DATA_CLASS_RECOMMENDATIONS: Readonly<Record<string, CatalogueRecommendation>> = {
  Passwords: password,
  'Historical passwords': password,
  'Password hints': {
    category: 'Account Security',
    priority: 'high',
    action: 'Change any password whose hint leaked, especially where the hint gives the password away.',
    why: 'Hints are stored in clear text and often reveal the password itself.',
  },
  'Auth tokens': {
    category: 'Account Security',
    priority: 'critical',
    action: 'Sign out of this service on every device and change its password, so leaked session tokens stop working.',
    why: 'A stolen session token lets someone use the account without the password.',
  },
  PINs: {
    category: 'Account Security',
    priority: 'critical',
    action: 'Change this PIN and any other PIN or passcode that uses the same digits.',
    why: 'PINs are short and often reused between cards, phones and accounts.',
  },
  'Security questions and answers': {
    category: 'Account Security',
    priority: 'high',
    action: 'Change the security answers on your accounts; give made-up answers and keep them in your password manager.',
    why: 'Leaked answers let attackers pass account recovery without your password.',
  },
  'Email addresses': {
    category: 'Email Security',
    priority: 'medium',
    action: 'Expect more spam and phishing at this address; never follow links in unexpected mail about your accounts.',
    why: 'Breached address lists are sold to spammers and phishers.',
  },
  Usernames: {
    category: 'Account Security',
    priority: 'medium',
    action: 'Make sure the accounts that use this username have unique passwords and two-factor authentication.',
    why: 'Usernames are half of a login and let others find your accounts elsewhere.',
  },
  Names: {
    category: 'Personal Information',
    priority: 'low',
    action: 'Be wary of messages that greet you by name and ask you to act fast: a name alone proves nothing.',
    why: 'Your name makes phishing messages look more genuine.',
  },
  'Phone numbers': {
    category: 'Account Security',
    priority: 'high',
    action: 'Ask your mobile provider for a SIM-change PIN, and prefer an authenticator app over SMS codes for sign-in.',
    why: 'Leaked numbers attract scam calls, smishing and SIM-swap attacks on SMS codes.',
  },
  'Physical addresses': {
    category: 'Location Privacy',
    priority: 'high',
    action: 'Watch for post or deliveries you did not order and for mail that quotes your address to seem legitimate.',
    why: 'A home address enables identity fraud, targeted scams and physical risks.',
  },
  'Dates of birth': {
    category: 'Identity',
    priority: 'high',
    action: 'Stop using your date of birth as a password, PIN or security answer, and watch your credit report.',
    why: 'Date of birth is a key piece of identity verification at banks and other services.',
  },
  'IP addresses': {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Keep your router and devices updated; use a VPN on public networks if you want to hide your address.',
    why: 'An IP address reveals your rough location and internet provider.',
  },
  'Geographic locations': {
    category: 'Location Privacy',
    priority: 'medium',
    action: 'Turn off location sharing in apps that do not need it and remove your location from public profiles.',
    why: 'Location data narrows down where you live, work and spend time.',
  },
  Genders: {
    category: 'Personal Information',
    priority: 'low',
    action: 'Share gender only where a service truly needs it.',
    why: 'Demographic details help build a profile of you for targeting.',
  },
  Employers: {
    category: 'Personal Information',
    priority: 'medium',
    action: 'Warn your employer\'s security team if you receive work-related phishing, and be careful with "urgent" requests from colleagues.',
    why: 'Employer details are used for business email compromise and spear-phishing.',
  },
  'Job titles': {
    category: 'Personal Information',
    priority: 'low',
    action: 'Be cautious with unexpected messages that play on your role, such as fake invoices or recruiter offers.',
    why: 'Your role tells attackers which pretexts will seem normal to you.',
  },
  'Credit cards': card,
  'Credit card CVV': card,
  'Partial credit card data': {
    category: 'Financial',
    priority: 'critical',
    action: 'Check your card statements, and be suspicious of callers who quote the last digits of your card to seem trustworthy.',
    why: 'Partial card numbers are used to make scam calls and support-desk takeovers convincing.',
  },
  'Bank account numbers': {
    category: 'Financial',
    priority: 'critical',
    action: 'Tell your bank the account number leaked, watch for unknown direct debits, and ask about extra protection.',
    why: 'Bank details can be used for fraudulent direct debits and convincing payment scams.',
  },
  'Financial transactions': {
    category: 'Financial',
    priority: 'high',
    action: 'Review your recent transactions and be wary of messages that mention real purchases or payments.',
    why: 'Real transaction details make payment scams very convincing.',
  },
  'Government issued IDs': identityDocument,
  'Social security numbers': identityDocument,
  'Passport numbers': identityDocument,
  "Driver's licenses": identityDocument,
  'Private messages': messages,
  'Email messages': messages,
  'Chat logs': messages,
  'Browsing histories': {
    category: 'Privacy',
    priority: 'high',
    action: 'Assume the sites you visited on this service are known; watch for blackmail that quotes them and never pay.',
    why: 'Browsing histories reveal interests, health and habits you did not choose to share.',
  },
  'Sexual orientations': sensitiveProfile,
  Religions: sensitiveProfile,
  Ethnicities: sensitiveProfile,
  'Political views': sensitiveProfile,
  'Health insurance information': {
    category: 'Identity',
    priority: 'high',
    action: 'Check the statements from your health insurer for treatments you did not receive and report any to the insurer.',
    why: 'Insurance details are used for medical identity fraud.',
  },
  'Personal health data': {
    category: 'Privacy',
    priority: 'high',
    action: 'Ask the service what health data leaked, and be wary of contacts that refer to your health.',
    why: 'Health details are among the most sensitive data and are used for pressure and fraud.',
  },
  'Biometric data': {
    category: 'Identity',
    priority: 'high',
    action: 'Where a service lets you, switch from biometric sign-in to a passkey or a strong password.',
    why: 'Unlike a password, a fingerprint or face cannot be changed after it leaks.',
  },
  Salaries: {
    category: 'Financial',
    priority: 'medium',
    action: 'Be wary of offers and messages that seem to know your income.',
    why: 'Income data helps scammers pick targets and tailor their pitch.',
  },
  'Income levels': {
    category: 'Financial',
    priority: 'medium',
    action: 'Be wary of offers and messages that seem to know your income.',
    why: 'Income data helps scammers pick targets and tailor their pitch.',
  },
  Purchases: {
    category: 'Financial',
    priority: 'medium',
    action: 'Be suspicious of delivery or refund messages about things you bought: check them in your account, not through the link.',
    why: 'Purchase histories make fake delivery and refund scams look real.',
  },
  'Device information': {
    category: 'Online Tracking',
    priority: 'low',
    action: 'Keep your devices and browsers updated so known weaknesses of your setup cannot be used.',
    why: 'Device details help fingerprint you and pick exploits that work on your setup.',
  },
  'Social media profiles': {
    category: 'Social Media',
    priority: 'medium',
    action: 'Review the privacy settings of the linked social accounts and secure them with two-factor authentication.',
    why: 'Linked profiles let others join up your identities across sites.',
  },
  'Website activity': {
    category: 'Online Tracking',
    priority: 'low',
    action: 'Delete accounts you no longer use so their activity records stop growing.',
    why: 'Activity records show when and how you use a service.',
  },
  'Spoken languages': {
    category: 'Personal Information',
    priority: 'low',
    action: 'No action needed on its own; keep it in mind when judging how much a message sender seems to know.',
    why: 'Small details like language add to a profile of you.',
  },
  'Time zones': {
    category: 'Location Privacy',
    priority: 'low',
    action: 'Remove your time zone from public profiles if you do not want your region known.',
    why: 'A time zone reveals roughly where you live.',
  },
  'Marital statuses': {
    category: 'Personal Information',
    priority: 'low',
    action: 'Share relationship details only where needed, and be wary of contacts that play on them.',
    why: 'Family details are used in romance and impersonation scams.',
  },
  'Education levels': {
    category: 'Personal Information',
    priority: 'low',
    action: 'No action needed on its own; it adds to what others know about you.',
    why: 'Education details help build a profile for targeting.',
  },
  Avatars: {
    category: 'Personal Information',
    priority: 'low',
    action: 'If the leaked picture shows your face, avoid reusing it as a profile picture elsewhere.',
    why: 'Reused pictures let others link your accounts by reverse image search.',
  },
};

/** For a data class that is not in the catalogue (HIBP adds new ones). */
export const UNKNOWN_DATA_CLASS_RECOMMENDATION: CatalogueRecommendation = {
  category: 'Data Breaches',
  priority: 'medium',
  action: 'Find out from the breached service what this data was, and change it wherever you still use it.',
  why: 'Any leaked detail can be combined with others to target you.',
};

const DATA_CLASS_BY_LOWER_NAME = new Map(Object.entries(DATA_CLASS_RECOMMENDATIONS).map(([name, entry]) => [name.toLowerCase(), entry]));

/** The catalogue entry of a data class; names compare case-insensitively, unknown names get the default. */
export function dataClassRecommendation(dataClass: string): CatalogueRecommendation {
  return DATA_CLASS_BY_LOWER_NAME.get(dataClass.trim().toLowerCase()) ?? UNKNOWN_DATA_CLASS_RECOMMENDATION;
}

/** True when the catalogue has its own entry for this data class. */
export function isKnownDataClass(dataClass: string): boolean {
  return DATA_CLASS_BY_LOWER_NAME.has(dataClass.trim().toLowerCase());
}

/**
 * How serious a breach is for the people in it: its most serious data class (passwords, payment
 * data, identity documents: critical; phone numbers, addresses, dates of birth, security answers:
 * high), never below medium. Spam lists and fabricated breaches are low whatever they list: the
 * first holds addresses only for sending spam, the second is not real data.
 */
export function breachRisk(breach: Pick<HibpBreach, 'DataClasses' | 'IsSpamList' | 'IsFabricated'>): RiskLevel {
  if (breach.IsSpamList || breach.IsFabricated) return 'low';
  let risk: RiskLevel = 'medium';
  for (const dataClass of breach.DataClasses ?? []) risk = maxRisk(risk, dataClassRecommendation(dataClass).priority);
  return risk;
}

/**
 * Good practice for a clean result (and the six the demo draws four from): true for everyone,
 * never presented as a finding.
 */
export const GOOD_PRACTICE_RECOMMENDATIONS: readonly CatalogueRecommendation[] = [
  {
    category: 'Account Security',
    priority: 'high',
    action: 'Use a password manager so that every account has its own long, random password.',
    why: 'Reused passwords turn one breach into many account takeovers.',
  },
  {
    category: 'Account Security',
    priority: 'high',
    action: 'Turn on two-factor authentication (an authenticator app or a passkey) for your email, banking and social accounts.',
    why: 'A second factor stops most takeovers even when a password leaks.',
  },
  {
    category: 'Monitoring',
    priority: 'medium',
    action: 'Scan your addresses and handles again from time to time, or set up a monitor, to hear about new breaches early.',
    why: 'New breaches are published every week.',
  },
  {
    category: 'Social Media',
    priority: 'medium',
    action: 'Review the privacy settings of your social media accounts and limit who can see your posts, friends and contact details.',
    why: 'Public profiles are the main source for people-search sites and targeted scams.',
  },
  {
    category: 'Email Security',
    priority: 'medium',
    action: 'Use separate addresses or aliases for shopping, newsletters and important accounts.',
    why: 'A leak from one shop then does not expose the address your bank uses.',
  },
  {
    category: 'Location Privacy',
    priority: 'low',
    action: 'Remove location data from photos before you share them.',
    why: 'Photos often carry the exact GPS position where they were taken.',
  },
];
