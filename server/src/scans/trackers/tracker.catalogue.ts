/**
 * Footprint's own tracker catalogue: which company runs a tracking domain and what it is for.
 * Written by us from public facts (vendor documentation, the domains their own snippets load).
 * Nothing here is copied from a tracker list: the lists of Ghostery, DuckDuckGo and Disconnect
 * are licensed for non-commercial use only and Footprint has paid plans.
 *
 * A `domain` matches itself and every subdomain. A more specific host (analytics.twitter.com)
 * can give a different answer than its parent (twitter.com): the most specific entry wins.
 * `company` is the operator as of writing, with a former or brand name in brackets where that
 * helps recognition; `name` is the product people know, when it differs from the company.
 */

export const TRACKER_CATEGORIES = [
  'advertising',
  'affiliate',
  'social',
  'analytics',
  'session recording',
  'fingerprinting',
  'tag manager',
  'consent',
  'customer data platform',
  'marketing automation',
  'A/B testing',
] as const;
export type CatalogueCategory = (typeof TRACKER_CATEGORIES)[number];

/** What a domain taken from the configured filter list is: the list says "block", not who or why. */
export const FILTER_LIST_COMPANY = 'Unknown (filter list)';
export const FILTER_LIST_CATEGORY = 'advertising or tracking (filter list)';

export type TrackerCategory = CatalogueCategory | typeof FILTER_LIST_CATEGORY;

export interface TrackerEntry {
  /** Lower-case ASCII host or registrable domain; subdomains match too. */
  readonly domain: string;
  readonly company: string;
  readonly category: TrackerCategory;
  readonly name?: string;
  /** Set when the entry comes from the fetched tracker list (third-party-web), not from this file. */
  readonly listed?: true;
}

const GOOGLE = 'Google';
const META = 'Meta Platforms';
const MICROSOFT = 'Microsoft';
const LINKEDIN = 'LinkedIn (Microsoft)';
const X_CORP = 'X Corp.';
const ADOBE = 'Adobe';
const ORACLE = 'Oracle';
const SALESFORCE = 'Salesforce';
const HUBSPOT = 'HubSpot';

export const TRACKER_CATALOGUE: readonly TrackerEntry[] = [
  // Google: analytics, tag manager and advertising tags.
  { domain: 'google-analytics.com', company: GOOGLE, category: 'analytics', name: 'Google Analytics' },
  { domain: 'analytics.google.com', company: GOOGLE, category: 'analytics', name: 'Google Analytics' },
  { domain: 'app-measurement.com', company: GOOGLE, category: 'analytics', name: 'Google Analytics for Firebase' },
  { domain: 'googletagmanager.com', company: GOOGLE, category: 'tag manager', name: 'Google Tag Manager' },
  { domain: 'doubleclick.net', company: GOOGLE, category: 'advertising', name: 'DoubleClick / Google Ads' },
  { domain: 'googleadservices.com', company: GOOGLE, category: 'advertising', name: 'Google Ads conversion tracking (googleadservices)' },
  { domain: 'googlesyndication.com', company: GOOGLE, category: 'advertising', name: 'Google AdSense (googlesyndication)' },
  { domain: 'googletagservices.com', company: GOOGLE, category: 'advertising', name: 'Google Publisher Tag (googletagservices)' },
  { domain: 'adservice.google.com', company: GOOGLE, category: 'advertising', name: 'Google Ads' },
  { domain: 'adtrafficquality.google', company: GOOGLE, category: 'advertising', name: 'Google ad traffic quality checks' },
  { domain: '2mdn.net', company: GOOGLE, category: 'advertising', name: 'Google Campaign Manager ad content (2mdn)' },
  { domain: 'imasdk.googleapis.com', company: GOOGLE, category: 'advertising', name: 'Google Interactive Media Ads SDK' },
  { domain: 'googleoptimize.com', company: GOOGLE, category: 'A/B testing', name: 'Google Optimize' },
  { domain: 'fundingchoicesmessages.google.com', company: GOOGLE, category: 'consent', name: 'Google Funding Choices consent messages' },
  { domain: 'youtube.com', company: GOOGLE, category: 'social', name: 'YouTube' },
  { domain: 'youtube-nocookie.com', company: GOOGLE, category: 'social', name: 'YouTube (privacy-enhanced embeds)' },
  { domain: 'ytimg.com', company: GOOGLE, category: 'social', name: 'YouTube images' },

  // Meta: the pixel and the social plug-ins.
  { domain: 'connect.facebook.net', company: META, category: 'advertising', name: 'Meta Pixel (Facebook pixel)' },
  { domain: 'facebook.net', company: META, category: 'social', name: 'Facebook' },
  { domain: 'facebook.com', company: META, category: 'social', name: 'Facebook' },
  { domain: 'fbcdn.net', company: META, category: 'social', name: 'Facebook content delivery' },
  { domain: 'instagram.com', company: META, category: 'social', name: 'Instagram' },
  { domain: 'cdninstagram.com', company: META, category: 'social', name: 'Instagram content delivery' },

  // Microsoft and LinkedIn.
  { domain: 'clarity.ms', company: MICROSOFT, category: 'session recording', name: 'Microsoft Clarity' },
  { domain: 'bat.bing.com', company: MICROSOFT, category: 'advertising', name: 'Microsoft Advertising UET tag (Bing Ads)' },
  { domain: 'adnxs.com', company: MICROSOFT, category: 'advertising', name: 'Xandr (formerly AppNexus)' },
  { domain: 'linkedin.com', company: LINKEDIN, category: 'social', name: 'LinkedIn' },
  { domain: 'licdn.com', company: LINKEDIN, category: 'social', name: 'LinkedIn content delivery' },
  { domain: 'snap.licdn.com', company: LINKEDIN, category: 'advertising', name: 'LinkedIn Insight Tag' },
  { domain: 'ads.linkedin.com', company: LINKEDIN, category: 'advertising', name: 'LinkedIn Insight Tag' },

  // X (Twitter).
  { domain: 'twitter.com', company: X_CORP, category: 'social', name: 'X (Twitter)' },
  { domain: 'x.com', company: X_CORP, category: 'social', name: 'X (Twitter)' },
  { domain: 'twimg.com', company: X_CORP, category: 'social', name: 'X (Twitter) media' },
  { domain: 'ads-twitter.com', company: X_CORP, category: 'advertising', name: 'X (Twitter) Pixel' },
  { domain: 'analytics.twitter.com', company: X_CORP, category: 'advertising', name: 'X (Twitter) conversion tracking' },
  { domain: 't.co', company: X_CORP, category: 'advertising', name: 'X (Twitter) Pixel (t.co)' },

  // Other social networks and their advertising pixels.
  { domain: 'analytics.tiktok.com', company: 'TikTok (ByteDance)', category: 'advertising', name: 'TikTok Pixel' },
  { domain: 'tiktok.com', company: 'TikTok (ByteDance)', category: 'social', name: 'TikTok' },
  { domain: 'tiktokcdn.com', company: 'TikTok (ByteDance)', category: 'social', name: 'TikTok content delivery' },
  { domain: 'ct.pinterest.com', company: 'Pinterest', category: 'advertising', name: 'Pinterest Tag' },
  { domain: 'pinterest.com', company: 'Pinterest', category: 'social', name: 'Pinterest' },
  { domain: 'pinimg.com', company: 'Pinterest', category: 'social', name: 'Pinterest content delivery' },
  { domain: 'sc-static.net', company: 'Snap Inc.', category: 'advertising', name: 'Snap Pixel' },
  { domain: 'tr.snapchat.com', company: 'Snap Inc.', category: 'advertising', name: 'Snap Pixel' },
  { domain: 'snapchat.com', company: 'Snap Inc.', category: 'social', name: 'Snapchat' },
  { domain: 'alb.reddit.com', company: 'Reddit', category: 'advertising', name: 'Reddit Pixel' },
  { domain: 'reddit.com', company: 'Reddit', category: 'social', name: 'Reddit' },
  { domain: 'redditstatic.com', company: 'Reddit', category: 'social', name: 'Reddit content delivery' },
  { domain: 'q.quora.com', company: 'Quora', category: 'advertising', name: 'Quora Pixel' },
  { domain: 'tr.line.me', company: 'LY Corporation', category: 'advertising', name: 'LINE Tag' },
  { domain: 'pixel.byspotify.com', company: 'Spotify', category: 'advertising', name: 'Spotify Pixel' },
  { domain: 'vk.com', company: 'VK', category: 'social', name: 'VK' },
  { domain: 'sharethis.com', company: 'ShareThis', category: 'social', name: 'ShareThis share buttons' },
  { domain: 'addthis.com', company: ORACLE, category: 'social', name: 'AddThis share buttons' },
  { domain: 'addtoany.com', company: 'AddToAny', category: 'social', name: 'AddToAny share buttons' },
  { domain: 'disqus.com', company: 'Disqus', category: 'social', name: 'Disqus comments' },
  { domain: 'disquscdn.com', company: 'Disqus', category: 'social', name: 'Disqus comments' },

  // Advertising technology: ad servers, exchanges, buying platforms, verification, identity.
  { domain: 'amazon-adsystem.com', company: 'Amazon', category: 'advertising', name: 'Amazon Ads' },
  { domain: 'serving-sys.com', company: 'Amazon', category: 'advertising', name: 'Amazon Ad Server (formerly Sizmek)' },
  { domain: 'criteo.com', company: 'Criteo', category: 'advertising' },
  { domain: 'criteo.net', company: 'Criteo', category: 'advertising' },
  { domain: 'bidswitch.net', company: 'Criteo', category: 'advertising', name: 'BidSwitch' },
  { domain: 'taboola.com', company: 'Taboola', category: 'advertising' },
  { domain: 'outbrain.com', company: 'Outbrain', category: 'advertising' },
  { domain: 'zemanta.com', company: 'Outbrain', category: 'advertising', name: 'Zemanta' },
  { domain: 'teads.tv', company: 'Teads', category: 'advertising' },
  { domain: 'rubiconproject.com', company: 'Magnite', category: 'advertising', name: 'Magnite (Rubicon Project)' },
  { domain: 'spotxchange.com', company: 'Magnite', category: 'advertising', name: 'SpotX' },
  { domain: 'springserve.com', company: 'Magnite', category: 'advertising', name: 'SpringServe' },
  { domain: 'pubmatic.com', company: 'PubMatic', category: 'advertising' },
  { domain: 'openx.net', company: 'OpenX', category: 'advertising' },
  { domain: 'casalemedia.com', company: 'Index Exchange', category: 'advertising' },
  { domain: 'indexww.com', company: 'Index Exchange', category: 'advertising' },
  { domain: 'adsrvr.org', company: 'The Trade Desk', category: 'advertising' },
  { domain: 'uidapi.com', company: 'The Trade Desk', category: 'advertising', name: 'Unified ID 2.0' },
  { domain: 'smartadserver.com', company: 'Equativ', category: 'advertising', name: 'Equativ (Smart AdServer)' },
  { domain: 'sharethrough.com', company: 'Sharethrough', category: 'advertising' },
  { domain: '3lift.com', company: 'TripleLift', category: 'advertising' },
  { domain: 'triplelift.com', company: 'TripleLift', category: 'advertising' },
  { domain: 'adform.net', company: 'Adform', category: 'advertising' },
  { domain: 'yieldmo.com', company: 'Yieldmo', category: 'advertising' },
  { domain: 'doubleverify.com', company: 'DoubleVerify', category: 'advertising', name: 'DoubleVerify ad verification' },
  { domain: 'adsafeprotected.com', company: 'Integral Ad Science', category: 'advertising', name: 'Integral Ad Science ad verification' },
  { domain: 'moatads.com', company: ORACLE, category: 'advertising', name: 'Moat ad measurement' },
  { domain: 'quantserve.com', company: 'Quantcast', category: 'advertising' },
  { domain: 'mathtag.com', company: 'MediaMath', category: 'advertising' },
  { domain: 'exelator.com', company: 'Nielsen', category: 'advertising', name: 'eXelate' },
  { domain: 'agkn.com', company: 'TransUnion', category: 'advertising', name: 'Neustar (AggregateKnowledge)' },
  { domain: 'rlcdn.com', company: 'LiveRamp', category: 'advertising' },
  { domain: 'tapad.com', company: 'Experian', category: 'advertising', name: 'Tapad cross-device matching' },
  { domain: 'eyeota.net', company: 'Dun & Bradstreet', category: 'advertising', name: 'Eyeota' },
  { domain: 'adroll.com', company: 'AdRoll', category: 'advertising' },
  { domain: 'media.net', company: 'Media.net', category: 'advertising' },
  { domain: 'analytics.yahoo.com', company: 'Yahoo', category: 'advertising', name: 'Yahoo dot tag' },
  { domain: 'ads.yahoo.com', company: 'Yahoo', category: 'advertising', name: 'Yahoo Advertising' },
  { domain: 'advertising.com', company: 'Yahoo', category: 'advertising', name: 'Yahoo Advertising (advertising.com)' },
  { domain: 'revcontent.com', company: 'Revcontent', category: 'advertising' },
  { domain: 'mgid.com', company: 'MGID', category: 'advertising' },
  { domain: 'popads.net', company: 'PopAds', category: 'advertising' },
  { domain: 'exoclick.com', company: 'ExoClick', category: 'advertising' },
  { domain: 'contextweb.com', company: 'PulsePoint', category: 'advertising' },
  { domain: 'gumgum.com', company: 'GumGum', category: 'advertising' },
  { domain: 'lijit.com', company: 'Sovrn', category: 'advertising', name: 'Sovrn (Lijit)' },
  { domain: '33across.com', company: '33Across', category: 'advertising' },
  { domain: 'connatix.com', company: 'Connatix', category: 'advertising' },
  { domain: 'id5-sync.com', company: 'ID5', category: 'advertising', name: 'ID5 identity' },
  { domain: 'liadm.com', company: 'LiveIntent', category: 'advertising' },
  { domain: 'intentiq.com', company: 'Intent IQ', category: 'advertising' },
  { domain: 'stackadapt.com', company: 'StackAdapt', category: 'advertising' },
  { domain: 'rfihub.com', company: 'Zeta Global', category: 'advertising', name: 'Zeta (formerly Rocket Fuel)' },
  { domain: 'simpli.fi', company: 'Simpli.fi', category: 'advertising' },
  { domain: 'tremorhub.com', company: 'Nexxen', category: 'advertising', name: 'Nexxen (Tremor)' },
  { domain: 'unrulymedia.com', company: 'Nexxen', category: 'advertising', name: 'Nexxen (Unruly)' },
  { domain: 'nativo.com', company: 'Nativo', category: 'advertising' },
  { domain: '6sc.co', company: '6sense', category: 'advertising', name: '6sense visitor identification' },
  { domain: 'demandbase.com', company: 'Demandbase', category: 'advertising', name: 'Demandbase visitor identification' },
  { domain: 'ml314.com', company: 'Bombora', category: 'advertising' },
  { domain: 'everesttech.net', company: ADOBE, category: 'advertising', name: 'Adobe Advertising' },
  { domain: 'an.yandex.ru', company: 'Yandex', category: 'advertising', name: 'Yandex Advertising Network' },
  { domain: 'hsadspixel.net', company: HUBSPOT, category: 'advertising', name: 'HubSpot ads pixel' },

  // Session recording: scripts that capture clicks, scrolling and typing so visits can be replayed.
  { domain: 'hotjar.com', company: 'Hotjar (Contentsquare)', category: 'session recording', name: 'Hotjar' },
  { domain: 'hotjar.io', company: 'Hotjar (Contentsquare)', category: 'session recording', name: 'Hotjar' },
  { domain: 'fullstory.com', company: 'FullStory', category: 'session recording' },
  { domain: 'mouseflow.com', company: 'Mouseflow', category: 'session recording' },
  { domain: 'smartlook.com', company: 'Smartlook (Cisco)', category: 'session recording', name: 'Smartlook' },
  { domain: 'logrocket.io', company: 'LogRocket', category: 'session recording' },
  { domain: 'logrocket.com', company: 'LogRocket', category: 'session recording' },
  { domain: 'lr-ingest.io', company: 'LogRocket', category: 'session recording' },
  { domain: 'lr-ingest.com', company: 'LogRocket', category: 'session recording' },
  { domain: 'luckyorange.com', company: 'Lucky Orange', category: 'session recording' },
  { domain: 'luckyorange.net', company: 'Lucky Orange', category: 'session recording' },
  { domain: 'inspectlet.com', company: 'Inspectlet', category: 'session recording' },
  { domain: 'quantummetric.com', company: 'Quantum Metric', category: 'session recording' },
  { domain: 'contentsquare.net', company: 'Contentsquare', category: 'session recording' },
  { domain: 'contentsquare.com', company: 'Contentsquare', category: 'session recording' },
  { domain: 'clicktale.net', company: 'Contentsquare', category: 'session recording', name: 'Clicktale' },
  { domain: 'decibelinsight.net', company: 'Medallia', category: 'session recording', name: 'Decibel' },
  { domain: 'crazyegg.com', company: 'Crazy Egg', category: 'session recording' },
  { domain: 'sessioncam.com', company: 'Glassbox', category: 'session recording', name: 'SessionCam' },
  { domain: 'sessionstack.com', company: 'SessionStack', category: 'session recording' },

  // Fingerprinting: scripts that read device and browser details to recognise a device without cookies
  // (mostly sold for fraud and bot detection).
  { domain: 'fpjs.io', company: 'Fingerprint', category: 'fingerprinting', name: 'Fingerprint (FingerprintJS Pro)' },
  { domain: 'fpcdn.io', company: 'Fingerprint', category: 'fingerprinting', name: 'Fingerprint (FingerprintJS Pro)' },
  { domain: 'openfpcdn.io', company: 'Fingerprint', category: 'fingerprinting', name: 'FingerprintJS' },
  { domain: 'online-metrix.net', company: 'LexisNexis Risk Solutions', category: 'fingerprinting', name: 'ThreatMetrix' },
  { domain: 'iesnare.com', company: 'TransUnion', category: 'fingerprinting', name: 'iovation' },
  { domain: 'kaxsdc.com', company: 'Equifax', category: 'fingerprinting', name: 'Kount' },
  { domain: 'sift.com', company: 'Sift', category: 'fingerprinting' },
  { domain: 'siftscience.com', company: 'Sift', category: 'fingerprinting' },
  { domain: 'forter.com', company: 'Forter', category: 'fingerprinting' },
  { domain: 'perimeterx.net', company: 'HUMAN Security', category: 'fingerprinting', name: 'HUMAN (PerimeterX)' },
  { domain: 'px-cdn.net', company: 'HUMAN Security', category: 'fingerprinting', name: 'HUMAN (PerimeterX)' },
  { domain: 'px-cloud.net', company: 'HUMAN Security', category: 'fingerprinting', name: 'HUMAN (PerimeterX)' },
  { domain: 'datadome.co', company: 'DataDome', category: 'fingerprinting' },
  { domain: 'captcha-delivery.com', company: 'DataDome', category: 'fingerprinting' },
  { domain: 'riskified.com', company: 'Riskified', category: 'fingerprinting' },
  { domain: 'castle.io', company: 'Castle', category: 'fingerprinting' },
  { domain: 'seon.io', company: 'SEON', category: 'fingerprinting' },
  { domain: 'biocatch.com', company: 'BioCatch', category: 'fingerprinting' },
  { domain: 'arkoselabs.com', company: 'Arkose Labs', category: 'fingerprinting' },
  { domain: 'signifyd.com', company: 'Signifyd', category: 'fingerprinting' },
  { domain: 'nudatasecurity.com', company: 'Mastercard', category: 'fingerprinting', name: 'NuData' },

  // Analytics and audience measurement.
  { domain: 'heapanalytics.com', company: 'Heap (Contentsquare)', category: 'analytics', name: 'Heap' },
  { domain: 'mixpanel.com', company: 'Mixpanel', category: 'analytics' },
  { domain: 'mxpnl.com', company: 'Mixpanel', category: 'analytics' },
  { domain: 'amplitude.com', company: 'Amplitude', category: 'analytics' },
  { domain: 'statcounter.com', company: 'StatCounter', category: 'analytics' },
  { domain: 'chartbeat.com', company: 'Chartbeat', category: 'analytics' },
  { domain: 'chartbeat.net', company: 'Chartbeat', category: 'analytics' },
  { domain: 'parsely.com', company: 'Automattic', category: 'analytics', name: 'Parse.ly' },
  { domain: 'parse.ly', company: 'Automattic', category: 'analytics', name: 'Parse.ly' },
  { domain: 'stats.wp.com', company: 'Automattic', category: 'analytics', name: 'Jetpack Stats' },
  { domain: 'pixel.wp.com', company: 'Automattic', category: 'analytics', name: 'Jetpack Stats' },
  { domain: 'newrelic.com', company: 'New Relic', category: 'analytics', name: 'New Relic Browser monitoring' },
  { domain: 'nr-data.net', company: 'New Relic', category: 'analytics', name: 'New Relic Browser monitoring' },
  { domain: 'browser-intake-datadoghq.com', company: 'Datadog', category: 'analytics', name: 'Datadog Real User Monitoring' },
  { domain: 'datadoghq-browser-agent.com', company: 'Datadog', category: 'analytics', name: 'Datadog Real User Monitoring' },
  { domain: 'kissmetrics.io', company: 'Kissmetrics', category: 'analytics' },
  { domain: 'kissmetrics.com', company: 'Kissmetrics', category: 'analytics' },
  { domain: 'woopra.com', company: 'Woopra', category: 'analytics' },
  { domain: 'getclicky.com', company: 'Clicky', category: 'analytics' },
  { domain: 'plausible.io', company: 'Plausible Insights', category: 'analytics', name: 'Plausible Analytics' },
  { domain: 'usefathom.com', company: 'Fathom Analytics', category: 'analytics' },
  { domain: 'piwik.pro', company: 'Piwik PRO', category: 'analytics' },
  { domain: 'matomo.cloud', company: 'InnoCraft', category: 'analytics', name: 'Matomo Cloud' },
  { domain: 'cloudflareinsights.com', company: 'Cloudflare', category: 'analytics', name: 'Cloudflare Web Analytics' },
  { domain: 'pendo.io', company: 'Pendo', category: 'analytics' },
  { domain: 'posthog.com', company: 'PostHog', category: 'analytics' },
  { domain: 'hs-analytics.net', company: HUBSPOT, category: 'analytics', name: 'HubSpot analytics' },
  { domain: 'lfeeder.com', company: 'Dealfront', category: 'analytics', name: 'Leadfeeder visitor identification' },
  { domain: 'scorecardresearch.com', company: 'Comscore', category: 'analytics', name: 'Comscore audience measurement' },
  { domain: 'quantcount.com', company: 'Quantcast', category: 'analytics', name: 'Quantcast Measure' },
  { domain: 'imrworldwide.com', company: 'Nielsen', category: 'analytics', name: 'Nielsen Digital Content Ratings' },
  { domain: 'gemius.pl', company: 'Gemius', category: 'analytics', name: 'Gemius audience measurement' },
  { domain: 'omtrdc.net', company: ADOBE, category: 'analytics', name: 'Adobe Analytics / Adobe Target' },
  { domain: '2o7.net', company: ADOBE, category: 'analytics', name: 'Adobe Analytics (legacy collection)' },
  { domain: 'mc.yandex.ru', company: 'Yandex', category: 'analytics', name: 'Yandex Metrica' },
  { domain: 'mc.yandex.com', company: 'Yandex', category: 'analytics', name: 'Yandex Metrica' },
  { domain: 'top-fwz1.mail.ru', company: 'VK', category: 'analytics', name: 'Top.Mail.Ru counter' },
  { domain: 'hm.baidu.com', company: 'Baidu', category: 'analytics', name: 'Baidu Tongji' },
  { domain: 'cnzz.com', company: 'Alibaba Group', category: 'analytics', name: 'CNZZ (Umeng)' },
  { domain: 'wcs.naver.net', company: 'Naver', category: 'analytics', name: 'Naver Analytics' },

  // Tag managers: they load whatever other tags the site configures.
  { domain: 'tiqcdn.com', company: 'Tealium', category: 'tag manager', name: 'Tealium iQ' },
  { domain: 'adobedtm.com', company: ADOBE, category: 'tag manager', name: 'Adobe Experience Platform Tags' },
  { domain: 'ensighten.com', company: 'Ensighten', category: 'tag manager' },
  { domain: 'tagcommander.com', company: 'Commanders Act', category: 'tag manager', name: 'TagCommander' },
  { domain: 'commander1.com', company: 'Commanders Act', category: 'tag manager', name: 'TagCommander' },

  // Customer data platforms: collect events to build and join customer profiles.
  { domain: 'segment.com', company: 'Twilio Segment', category: 'customer data platform', name: 'Segment' },
  { domain: 'segment.io', company: 'Twilio Segment', category: 'customer data platform', name: 'Segment' },
  { domain: 'rudderlabs.com', company: 'RudderStack', category: 'customer data platform' },
  { domain: 'mparticle.com', company: 'mParticle', category: 'customer data platform' },
  { domain: 'tealiumiq.com', company: 'Tealium', category: 'customer data platform', name: 'Tealium AudienceStream' },
  { domain: 'lytics.io', company: 'Lytics', category: 'customer data platform' },
  { domain: 'blueconic.net', company: 'BlueConic', category: 'customer data platform' },
  { domain: 'permutive.com', company: 'Permutive', category: 'customer data platform' },
  { domain: 'permutive.app', company: 'Permutive', category: 'customer data platform' },
  { domain: 'crwdcntrl.net', company: 'Lotame', category: 'customer data platform' },
  { domain: 'demdex.net', company: ADOBE, category: 'customer data platform', name: 'Adobe Audience Manager' },
  { domain: 'bluekai.com', company: ORACLE, category: 'customer data platform', name: 'Oracle BlueKai' },
  { domain: 'krxd.net', company: SALESFORCE, category: 'customer data platform', name: 'Salesforce Audience Studio (Krux)' },
  { domain: 'clearbitscripts.com', company: 'HubSpot (Clearbit)', category: 'customer data platform', name: 'Clearbit Reveal' },

  // Marketing automation: ties visits to e-mail campaigns and customer records.
  { domain: 'hs-scripts.com', company: HUBSPOT, category: 'marketing automation', name: 'HubSpot tracking code' },
  { domain: 'hubspot.com', company: HUBSPOT, category: 'marketing automation', name: 'HubSpot' },
  { domain: 'hsforms.com', company: HUBSPOT, category: 'marketing automation', name: 'HubSpot forms' },
  { domain: 'hscollectedforms.net', company: HUBSPOT, category: 'marketing automation', name: 'HubSpot collected forms' },
  { domain: 'marketo.net', company: ADOBE, category: 'marketing automation', name: 'Marketo Munchkin' },
  { domain: 'mktoresp.com', company: ADOBE, category: 'marketing automation', name: 'Marketo' },
  { domain: 'pardot.com', company: SALESFORCE, category: 'marketing automation', name: 'Account Engagement (Pardot)' },
  { domain: 'exacttarget.com', company: SALESFORCE, category: 'marketing automation', name: 'Marketing Cloud (ExactTarget)' },
  { domain: 'igodigital.com', company: SALESFORCE, category: 'marketing automation', name: 'Marketing Cloud collection (igodigital)' },
  { domain: 'evgnet.com', company: SALESFORCE, category: 'marketing automation', name: 'Marketing Cloud Personalization (Evergage)' },
  { domain: 'eloqua.com', company: ORACLE, category: 'marketing automation', name: 'Oracle Eloqua' },
  { domain: 'en25.com', company: ORACLE, category: 'marketing automation', name: 'Oracle Eloqua' },
  { domain: 'klaviyo.com', company: 'Klaviyo', category: 'marketing automation' },
  { domain: 'list-manage.com', company: 'Intuit Mailchimp', category: 'marketing automation', name: 'Mailchimp' },
  { domain: 'chimpstatic.com', company: 'Intuit Mailchimp', category: 'marketing automation', name: 'Mailchimp' },
  { domain: 'braze.com', company: 'Braze', category: 'marketing automation' },
  { domain: 'onesignal.com', company: 'OneSignal', category: 'marketing automation', name: 'OneSignal web push' },
  { domain: 'trackcmp.net', company: 'ActiveCampaign', category: 'marketing automation', name: 'ActiveCampaign site tracking' },
  { domain: 'sibautomation.com', company: 'Brevo', category: 'marketing automation', name: 'Brevo (Sendinblue) tracker' },
  { domain: 'bounceexchange.com', company: 'Wunderkind', category: 'marketing automation', name: 'Wunderkind (BounceX)' },

  // A/B testing and personalisation.
  { domain: 'optimizely.com', company: 'Optimizely', category: 'A/B testing' },
  { domain: 'visualwebsiteoptimizer.com', company: 'Wingify', category: 'A/B testing', name: 'VWO' },
  { domain: 'abtasty.com', company: 'AB Tasty', category: 'A/B testing' },
  { domain: 'kameleoon.eu', company: 'Kameleoon', category: 'A/B testing' },
  { domain: 'convertexperiments.com', company: 'Convert Insights', category: 'A/B testing', name: 'Convert Experiences' },
  { domain: 'dynamicyield.com', company: 'Mastercard', category: 'A/B testing', name: 'Dynamic Yield' },
  { domain: 'monetate.net', company: 'Monetate', category: 'A/B testing' },

  // Consent managers: they ask visitors for consent (and see every visit while doing so).
  { domain: 'cookielaw.org', company: 'OneTrust', category: 'consent', name: 'OneTrust cookie consent' },
  { domain: 'onetrust.com', company: 'OneTrust', category: 'consent' },
  { domain: 'cookiebot.com', company: 'Usercentrics', category: 'consent', name: 'Cookiebot' },
  { domain: 'usercentrics.eu', company: 'Usercentrics', category: 'consent' },
  { domain: 'trustarc.com', company: 'TrustArc', category: 'consent' },
  { domain: 'privacy-center.org', company: 'Didomi', category: 'consent' },
  { domain: 'didomi.io', company: 'Didomi', category: 'consent' },
  { domain: 'consensu.org', company: 'IAB Europe', category: 'consent', name: 'IAB consent framework hosts' },
  { domain: 'consentmanager.net', company: 'consentmanager', category: 'consent' },
  { domain: 'termly.io', company: 'Termly', category: 'consent' },
  { domain: 'iubenda.com', company: 'iubenda', category: 'consent' },
  { domain: 'osano.com', company: 'Osano', category: 'consent' },
  { domain: 'cookieyes.com', company: 'CookieYes', category: 'consent' },
  { domain: 'privacy-mgmt.com', company: 'Sourcepoint', category: 'consent' },
  { domain: 'cmp.inmobi.com', company: 'InMobi', category: 'consent', name: 'InMobi Choice' },
  { domain: 'cookie-script.com', company: 'Cookie Script', category: 'consent' },
  { domain: 'cookiefirst.com', company: 'CookieFirst', category: 'consent' },
  { domain: 'hs-banner.com', company: HUBSPOT, category: 'consent', name: 'HubSpot cookie banner' },

  // Affiliate networks: track clicks and sales to pay commissions.
  { domain: 'assoc-amazon.com', company: 'Amazon', category: 'affiliate', name: 'Amazon Associates' },
  { domain: 'awin1.com', company: 'Awin', category: 'affiliate' },
  { domain: 'dwin1.com', company: 'Awin', category: 'affiliate' },
  { domain: 'shareasale.com', company: 'Awin', category: 'affiliate', name: 'ShareASale' },
  { domain: 'emjcd.com', company: 'CJ', category: 'affiliate', name: 'CJ Affiliate' },
  { domain: 'anrdoezrs.net', company: 'CJ', category: 'affiliate', name: 'CJ Affiliate links' },
  { domain: 'dpbolvw.net', company: 'CJ', category: 'affiliate', name: 'CJ Affiliate links' },
  { domain: 'jdoqocy.com', company: 'CJ', category: 'affiliate', name: 'CJ Affiliate links' },
  { domain: 'kqzyfj.com', company: 'CJ', category: 'affiliate', name: 'CJ Affiliate links' },
  { domain: 'tkqlhce.com', company: 'CJ', category: 'affiliate', name: 'CJ Affiliate links' },
  { domain: 'impactradius-event.com', company: 'impact.com', category: 'affiliate', name: 'Impact' },
  { domain: 'linksynergy.com', company: 'Rakuten', category: 'affiliate', name: 'Rakuten Advertising' },
  { domain: 'prf.hn', company: 'Partnerize', category: 'affiliate' },
  { domain: 'skimresources.com', company: 'Skimlinks (Taboola)', category: 'affiliate', name: 'Skimlinks' },
  { domain: 'skimlinks.com', company: 'Skimlinks (Taboola)', category: 'affiliate', name: 'Skimlinks' },
  { domain: 'viglink.com', company: 'Sovrn', category: 'affiliate', name: 'Sovrn Commerce (VigLink)' },
  { domain: 'tradedoubler.com', company: 'Tradedoubler', category: 'affiliate' },
  { domain: 'clickbank.net', company: 'ClickBank', category: 'affiliate' },
  { domain: 'refersion.com', company: 'Refersion', category: 'affiliate' },
  { domain: 'avantlink.com', company: 'AvantLink', category: 'affiliate' },
  { domain: 'webgains.com', company: 'Webgains', category: 'affiliate' },
  { domain: 'admitad.com', company: 'Admitad', category: 'affiliate' },
];
