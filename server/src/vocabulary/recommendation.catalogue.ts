/**
 * The privacy vocabulary as data: what to do about each kind of finding and each kind of breached
 * data, how serious a breach is, and which outside service or check a finding came from.
 * Written in our own words; analyzers and the recommendation builder read it, nothing else
 * spells these strings.
 */
import type { FindingType, StoredFinding } from './finding.types';
import { EXIF_RISK_CATALOGUE } from './image-risk.catalogue';
import type { CatalogueRecommendation } from './recommendation.types';
import { maxRisk, RISK_ORDER, type RiskLevel } from './risk.types';
import { SOCIAL_FINDING_RECOMMENDATIONS } from './social-platform.catalogue';

/** The `source` written on every detail: who or what saw it. */
export const FINDING_SOURCES = {
  hibp: 'Have I Been Pwned',
  gravatar: 'Gravatar',
  dns: 'DNS',
  emailDomainLists: 'Email domain lists',
  urlCheck: 'Footprint URL check',
  trackerCatalogue: 'Footprint tracker catalogue',
  trackerFilterList: 'Tracker filter list (configured)',
  trackerList: 'Tracker list (third-party-web, fetched at run time)',
  thirdPartyCheck: 'Footprint third-party check',
  websiteCheck: 'Footprint website check',
  browserAudit: 'Footprint browser audit (the page run in Chromium)',
  usernameCheck: 'Footprint username check',
  socialPlatformRules: 'Footprint social platform rules',
  demo: 'Footprint demo (sample data)',
} as const;

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
  tracker_session_recording: {
    category: 'Online Tracking',
    priority: 'high',
    action: 'Do not type anything sensitive on this site unless you must, and block session-recording scripts with a content blocker or a privacy-focused browser.',
    why: 'Session recorders capture clicks, scrolling and often what is typed, and send it to another company for replay.',
  },
  tracker_fingerprinting: {
    category: 'Online Tracking',
    priority: 'high',
    action: 'Use a browser with fingerprinting protection (for example Firefox with strict tracking protection, Brave or Tor Browser).',
    why: 'Fingerprinting recognises your device from its settings, so clearing cookies or private windows do not stop it.',
  },
  tracker_advertising: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Block third-party advertising trackers with a content blocker, refuse advertising cookies on the consent banner, and turn off ad personalisation in your Google, Meta and Microsoft accounts.',
    why: 'Advertising tags report your visit to ad companies that join it with your visits to other sites into a profile.',
  },
  tracker_social: {
    category: 'Social Media',
    priority: 'medium',
    action: 'Log out of social networks when you are not using them, or keep them in a separate browser or container, so embedded buttons and posts cannot tie this visit to your account.',
    why: 'Embedded social content tells the network which pages you open, even if you never click it.',
  },
  tracker_analytics: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Refuse analytics cookies on the consent banner, or block third-party analytics with your browser\'s tracking protection or a content blocker.',
    why: 'Third-party analytics follow each visitor across pages and visits, and the provider sees every one of them.',
  },
  tracker_customer_data: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Be careful what you enter in this site\'s forms, refuse marketing cookies, and block tracking pixels in the e-mails it sends you.',
    why: 'Customer data and marketing platforms link what you do on the site to your e-mail address and customer record.',
  },
  tracker_ab_testing: {
    category: 'Online Tracking',
    priority: 'low',
    action: 'Refuse non-essential cookies on the consent banner if you do not want to take part in this site\'s experiments.',
    why: 'Testing tools give you an identifier and record how you respond to different versions of the site.',
  },
  tracker_tag_manager: {
    category: 'Online Tracking',
    priority: 'low',
    action: 'Use your browser\'s tracking protection or a content blocker: a tag manager can add new trackers to this site at any time.',
    why: 'What a tag manager loads is decided remotely, so the trackers on the page can change from one visit to the next.',
  },
  tracker_filter_list: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Use a content blocker or your browser\'s tracking protection: these domains are on a public list of advertising and tracking hosts.',
    why: 'Filter lists name hosts that follow people across sites, even when who runs them is not stated.',
  },
  third_party_unknown: {
    category: 'Browsing Security',
    priority: 'low',
    action: 'Expect other companies to see your visit here: every third party a page loads from receives your IP address and browser details.',
    why: 'Even services that do not track on purpose (fonts, scripts, images hosted elsewhere) can log who loaded them.',
  },
  website_no_https: {
    category: 'Website Security',
    priority: 'high',
    action: 'If this is your site, serve it over https (free certificates: Let\'s Encrypt); as a visitor, do not enter passwords or personal details here.',
    why: 'Without https, anyone on the network path (public Wi-Fi, the provider) can read and change what visitors send and see.',
  },
  website_no_https_redirect: {
    category: 'Website Security',
    priority: 'medium',
    action: 'Redirect every http:// request to the same address on https:// (a 301), then add HSTS so browsers go straight to https.',
    why: 'Visitors who follow an old link or type the address without https stay on the unencrypted version.',
  },
  website_certificate_invalid: {
    category: 'Website Security',
    priority: 'high',
    action: 'Install a certificate from a trusted authority for exactly this host name, with its full chain; as a visitor, do not click through the browser\'s warning.',
    why: 'An untrusted certificate makes the real site look exactly like an attacker\'s copy of it.',
  },
  website_certificate_expired: {
    category: 'Website Security',
    priority: 'high',
    action: 'Renew the certificate now and automate renewal (for example with an ACME client such as certbot).',
    why: 'Browsers block or warn on expired certificates, teaching visitors to ignore warnings.',
  },
  website_certificate_expiring: {
    category: 'Website Security',
    priority: 'medium',
    action: 'Renew the certificate before it expires, and set up automatic renewal and an expiry alert.',
    why: 'Once it expires, every visitor sees a security warning.',
  },
  website_mixed_content: {
    category: 'Website Security',
    priority: 'medium',
    action: 'Load every script, style, image and frame, and send every form, over https; a CSP with upgrade-insecure-requests helps while fixing links.',
    why: 'Content and forms over plain http can be read or altered even though the page itself is https.',
  },
  security_headers_grade: {
    category: 'Website Security',
    priority: 'medium',
    action: 'Work through the failed header tests listed with this grade, starting with the largest penalties (CSP, HSTS, framing).',
    why: 'Security headers are cheap to add and block whole classes of attacks on visitors.',
  },
  csp_missing: {
    category: 'Website Security',
    priority: 'medium',
    action: "Add a Content-Security-Policy that lists where scripts may come from (start with default-src 'self' and object-src 'none', in report-only mode first).",
    why: 'Without a policy, an injected or compromised script can read and send away everything visitors enter.',
  },
  csp_invalid: {
    category: 'Website Security',
    priority: 'medium',
    action: 'Fix the Content-Security-Policy syntax (one value per directive, directives separated by semicolons) and check it with a CSP validator.',
    why: 'Browsers ignore the parts of a policy they cannot read, so it protects less than intended.',
  },
  csp_unsafe_inline: {
    category: 'Website Security',
    priority: 'medium',
    action: "Remove 'unsafe-inline', data: and wildcards from script-src (use nonces or hashes instead) and set object-src 'none'.",
    why: 'A policy that allows inline or any-host scripts does not stop injected scripts.',
  },
  csp_unsafe_eval: {
    category: 'Website Security',
    priority: 'low',
    action: "Stop building code from strings (eval, new Function, string timers) and then remove 'unsafe-eval' from the policy.",
    why: "'unsafe-eval' lets injected text become running code.",
  },
  csp_insecure_sources: {
    category: 'Website Security',
    priority: 'medium',
    action: 'Remove http: sources from the Content-Security-Policy and load those resources over https.',
    why: 'Resources allowed over http can be swapped on the network path.',
  },
  hsts_missing: {
    category: 'Website Security',
    priority: 'medium',
    action: 'Send Strict-Transport-Security: max-age=31536000; includeSubDomains on https responses (consider preload once every subdomain is on https).',
    why: 'HSTS makes browsers refuse plain http for the site, closing the gap on first requests.',
  },
  hsts_weak: {
    category: 'Website Security',
    priority: 'low',
    action: 'Raise the HSTS max-age to at least six months (one year is usual) and make sure the header is sent once and well-formed.',
    why: 'A short or unreadable HSTS policy expires between visits and protects little.',
  },
  referrer_policy_unsafe: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Set Referrer-Policy to strict-origin-when-cross-origin (or no-referrer) so full page addresses are not sent to other sites.',
    why: 'Page addresses can contain search terms, account names or tokens, which then reach every third party the page loads.',
  },
  content_type_options_missing: {
    category: 'Website Security',
    priority: 'low',
    action: 'Send X-Content-Type-Options: nosniff on every response.',
    why: 'Without it, browsers may run uploaded or mislabelled files as scripts.',
  },
  framing_unprotected: {
    category: 'Website Security',
    priority: 'medium',
    action: "Add frame-ancestors 'self' (or 'none') to the Content-Security-Policy, or X-Frame-Options: DENY.",
    why: 'Pages that can be framed by any site can be overlaid to trick visitors into clicks they did not intend (clickjacking).',
  },
  subresource_integrity_missing: {
    category: 'Website Security',
    priority: 'low',
    action: 'Load third-party scripts over https with an integrity attribute (Subresource Integrity), or host them yourself.',
    why: 'A third-party script runs with full access to the page; if its host is hacked, so is every site that loads it.',
  },
  corp_invalid: {
    category: 'Website Security',
    priority: 'low',
    action: 'Set Cross-Origin-Resource-Policy to same-origin, same-site or cross-origin (exactly one of these words).',
    why: 'An unrecognised value is ignored and leaves resources readable by other sites.',
  },
  permissions_policy_missing: {
    category: 'Online Tracking',
    priority: 'low',
    action: 'Add a Permissions-Policy that turns off features the site does not use, such as camera=(), microphone=(), geolocation=().',
    why: 'It stops the page, and the third-party scripts and frames it embeds, from asking visitors for sensitive access.',
  },
  cookie_not_secure: {
    category: 'Website Security',
    priority: 'medium',
    action: 'Mark every cookie Secure (and serve the site only over https with HSTS).',
    why: 'Cookies without Secure are sent over plain http, where a login cookie can be copied and used to take over the account.',
  },
  cookie_script_readable: {
    category: 'Website Security',
    priority: 'medium',
    action: 'Mark session and login cookies HttpOnly so page scripts cannot read them.',
    why: 'Any script on the page, including a compromised third-party one, can steal a session cookie that is not HttpOnly.',
  },
  cookie_samesite_missing: {
    category: 'Website Security',
    priority: 'low',
    action: 'Give every cookie an explicit SameSite=Lax or SameSite=Strict unless it must be sent cross-site.',
    why: 'SameSite stops browsers from sending the cookie with requests started by other sites (cross-site request forgery, tracking).',
  },
  cookie_cross_site: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'As a visitor, block third-party cookies in your browser; as the site owner, use SameSite=None only for cookies that truly must work inside other sites.',
    why: 'Cookies sent in every cross-site context are how visitors are recognised across the sites that embed this one.',
  },
  cookie_long_lived: {
    category: 'Online Tracking',
    priority: 'low',
    action: 'As a visitor, clear this site\'s cookies regularly or let the browser delete them on close; as the site owner, keep identifiers no longer than needed.',
    why: 'An identifier kept for years lets the site and its partners link all of a person\'s visits together.',
  },
  cookie_foreign_domain: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'As the site owner, set cookies only for your own domain; as a visitor, block third-party cookies.',
    why: 'Cookies meant for other domains are a sign of identifiers shared with other companies.',
  },
  page_email_address: {
    category: 'Personal Information',
    priority: 'low',
    action: 'Replace email addresses on public pages with a contact form or a role address, and if this is your address, expect spam and be wary of phishing.',
    why: 'Harvesting bots collect every address they find on the web for spam and targeted phishing.',
  },
  page_phone_number: {
    category: 'Personal Information',
    priority: 'medium',
    action: 'Publish a business or forwarding number rather than a personal one, and if this is your number, be careful with unexpected calls and texts.',
    why: 'Numbers scraped from web pages end up in scam-call, SMS-phishing and people-search databases.',
  },
  cookie_tracking: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'As a visitor, block third-party cookies and clear this site\'s cookies regularly; as the site owner, load trackers only after visitors agree.',
    why: 'These cookies carry identifiers that advertising and analytics companies use to recognise the same visitor on later visits and on other sites.',
  },
  canvas_fingerprinting: {
    category: 'Online Tracking',
    priority: 'high',
    action: 'Use a browser that blocks or randomises canvas read-back (Firefox with strict tracking protection, Brave, Tor Browser).',
    why: 'Drawing hidden text and reading the pixels back gives an identifier of your device that survives clearing cookies and private windows.',
  },
  canvas_font_fingerprinting: {
    category: 'Online Tracking',
    priority: 'high',
    action: 'Use a browser with fingerprinting protection, which limits the fonts pages can detect.',
    why: 'Measuring text in dozens of fonts reveals which fonts are installed, a stable part of a device fingerprint.',
  },
  key_logging: {
    category: 'Data Protection',
    priority: 'critical',
    action: 'Do not type anything into this site you would not send to other companies; as the site owner, stop third-party scripts from reading form fields before the visitor submits.',
    why: 'What you type is sent to another company as you type it, before you press any button, and often kept with your visit.',
  },
  meta_pixel_events: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Block the Meta pixel with a content blocker; if you have a Facebook or Instagram account, review "Your activity off Meta technologies" and turn it off.',
    why: 'The pixel tells Meta which pages you viewed and what you did here, linked to your Meta account when you have one.',
  },
  meta_pixel_advanced_matching: {
    category: 'Data Protection',
    priority: 'high',
    action: 'Assume Meta can match this visit to you; as the site owner, turn off automatic advanced matching.',
    why: 'Hashed email addresses or phone numbers sent with pixel events let Meta match visitors to real accounts; hashing does not make them anonymous.',
  },
  google_remarketing_audiences: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Turn off ad personalisation in your Google account (My Ad Center) and block third-party cookies.',
    why: 'The site adds its visitors to Google advertising audiences, so ads can follow them to other sites.',
  },
  tiktok_pixel_events: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Block the TikTok pixel with a content blocker; in TikTok, limit ads based on activity off TikTok.',
    why: 'The pixel tells TikTok what you viewed and did on this site, often with hashed contact details for matching.',
  },
  x_pixel_events: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'Block the X (Twitter) pixel with a content blocker and turn off personalised ads in your X settings.',
    why: 'The pixel reports your visit and actions here to X for ad targeting and conversion measurement.',
  },
  gpc_tracker_still_loaded: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'As a visitor, use a content blocker as well as Global Privacy Control here; as the site owner, stop loading advertising trackers for visitors whose browser sends the Global Privacy Control signal (the Sec-GPC: 1 header).',
    why: 'This tracker still loads after the visitor has said "do not sell or share my information", which privacy laws such as California\'s require sites to honour.',
  },
  gpc_cookie_still_set: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'As a visitor, block third-party cookies as well; as the site owner, do not set tracking cookies for visitors who send Global Privacy Control.',
    why: 'A tracking identifier is still stored after the visitor opted out of sale and sharing with Global Privacy Control.',
  },
  gpc_pixel_still_sent: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'As a visitor, block advertising pixels with a content blocker; as the site owner, stop sending pixel events for visitors who send Global Privacy Control.',
    why: 'Telling an advertising platform what a visitor did after they opted out of sale and sharing ignores their choice.',
  },
  gpc_recorder_still_loaded: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'As a visitor, block session recorders with a content blocker; as the site owner, do not record the visits of people who send Global Privacy Control.',
    why: 'A session recorder hands another company a replay of the visit after the visitor opted out of sale and sharing.',
  },
  gpc_key_logging_still_sent: {
    category: 'Online Tracking',
    priority: 'high',
    action: 'Do not type personal details into this site without a content blocker; as the site owner, stop sending form input to other companies, above all for visitors who send Global Privacy Control.',
    why: 'What the visitor types leaves for another company before they submit anything, even after they opted out of sale and sharing.',
  },
  gpc_fingerprinting_still_run: {
    category: 'Online Tracking',
    priority: 'medium',
    action: 'As a visitor, use a browser with fingerprinting protection; as the site owner, stop fingerprinting visitors who send Global Privacy Control.',
    why: 'A device fingerprint follows the visitor across sites without a cookie, after they opted out of sale and sharing.',
  },
  page_postal_address: {
    category: 'Location Privacy',
    priority: 'medium',
    action: 'If this is a home address, remove it or replace it with a business address or PO box; check people-search sites for copies.',
    why: 'A published home address tells strangers where to find you.',
  },
  ...SOCIAL_FINDING_RECOMMENDATIONS,
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
export function breachRisk(breach: { DataClasses: readonly string[]; IsSpamList: boolean; IsFabricated: boolean }): RiskLevel {
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

/** The advice of a breach's most serious kind of data. */
export function breachAdvice(dataClasses: readonly string[]): string {
  let best: CatalogueRecommendation | undefined;
  for (const dataClass of dataClasses) {
    const entry = dataClassRecommendation(dataClass);
    if (!best || RISK_ORDER[entry.priority] > RISK_ORDER[best.priority]) best = entry;
  }
  return best?.action ?? '';
}

/** What a stored finding means, in a plain sentence: the check's own, else its catalogue's (never a bare value). */
export function findingDescription(finding: StoredFinding): string {
  if (finding.description) return finding.description;
  switch (finding.kind) {
    case 'breach':
      return `This address is in the ${finding.breach.title || finding.breach.name} data breach (${finding.breach.breachDate}).`;
    case 'image':
      return EXIF_RISK_CATALOGUE[finding.type]?.label ?? finding.value;
    case 'risk':
      return FINDING_RECOMMENDATIONS[finding.type]?.why ?? finding.value;
  }
}

/** What to do about a stored finding, from the catalogue of its kind (so old findings get today's advice). */
export function findingRecommendation(finding: StoredFinding): string {
  switch (finding.kind) {
    case 'breach':
      return breachAdvice(finding.breach.dataClasses);
    case 'image':
      return EXIF_RISK_CATALOGUE[finding.type]?.recommendation ?? '';
    case 'risk':
      return FINDING_RECOMMENDATIONS[finding.type]?.action ?? '';
  }
}
