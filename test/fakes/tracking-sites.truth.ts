import type { GpcOutcome } from '../../server/src/vocabulary/check.types';
import { BENIGN_PAGES } from './tracking-sites';

/**
 * What each page of tracking-sites.ts really does on a plain visit (a person who stays, scrolls,
 * moves the mouse and types without submitting, with Chrome's everyday cookie settings), written
 * from the pages' own scripts before any scan: the ground truth test/bench/visitor-audit.mjs scores
 * an audit against. Each Blacklight-style test is true where the page does it and false where it
 * does not, so a finding on a false test is a false alarm and a missing one on a true test a miss.
 */
export const VISITOR_TESTS = [
  'third-party-cookies',
  'key-logging',
  'session-recording',
  'canvas-fingerprinting',
  'font-fingerprinting',
  'meta-pixel',
  'remarketing-audiences',
  'tiktok-x-pixels',
  'ad-trackers',
] as const;
export type VisitorTest = (typeof VISITOR_TESTS)[number];

export interface PageTruth {
  /** The tests the page's visit shows; every test not named here is absent. */
  present: readonly VisitorTest[];
  /**
   * Registrable domains of known tracking services (Meta, Google, Hotjar, Microsoft Clarity,
   * TikTok, X) the visit requests. The fixture's own invented parties (`*.example`) are left out:
   * no catalogue can know them, their behaviour is scored by the tests above.
   */
  trackers: readonly string[];
  /** The Global Privacy Control verdict the one rule gives: a second visit with the signal on. */
  gpc: GpcOutcome;
  /** Why, in a line. */
  note: string;
}

/** The shop: Meta pixel (its `fr` cookie from www.facebook.com), Hotjar, a canvas print, a key logger. */
const SHOP: Omit<PageTruth, 'gpc' | 'note'> = {
  present: ['third-party-cookies', 'key-logging', 'session-recording', 'canvas-fingerprinting', 'meta-pixel', 'ad-trackers'],
  trackers: ['facebook.net', 'facebook.com', 'hotjar.com'],
};
/** fbevents.js from connect.facebook.net, which fires facebook.com/tr (setting `fr`). */
const META_SCRIPT: Omit<PageTruth, 'gpc' | 'note'> = { present: ['third-party-cookies', 'meta-pixel', 'ad-trackers'], trackers: ['facebook.net', 'facebook.com'] };
/** An image to facebook.com/tr: the pixel event and its `fr` cookie. */
const META_IMAGE: Omit<PageTruth, 'gpc' | 'note'> = { present: ['third-party-cookies', 'meta-pixel', 'ad-trackers'], trackers: ['facebook.com'] };
const KEYS: Omit<PageTruth, 'note'> = { present: ['key-logging'], trackers: [], gpc: 'not_honoured' };

export const PAGE_TRUTH: Readonly<Record<string, PageTruth>> = {
  '/shop': { ...SHOP, gpc: 'not_honoured', note: 'five behaviours from scripts; the same with GPC on' },
  '/shop-gpc': { ...SHOP, gpc: 'honoured', note: 'the shop; with GPC on its script stops before anything loads' },
  '/canvas-fingerprint': { present: ['canvas-fingerprinting'], trackers: [], gpc: 'not_honoured', note: 'a first-party canvas print, with GPC on too' },
  '/font-fingerprint': { present: ['font-fingerprinting'], trackers: [], gpc: 'not_honoured', note: '54 fonts measured, with GPC on too' },
  '/session-recorder': { present: ['session-recording'], trackers: ['clarity.ms'], gpc: 'not_honoured', note: 'Microsoft Clarity loaded by a script' },
  '/key-logger': { ...KEYS, note: "the email field's value on each input, URL-encoded" },
  '/key-logger-hashed': { ...KEYS, note: 'the email SHA-256-hashed on blur' },
  '/meta-pixel': { ...META_IMAGE, gpc: 'not_honoured', note: 'Meta pixel with advanced matching (email, phone)' },
  '/meta-pixel-basic': { ...META_IMAGE, gpc: 'not_honoured', note: 'Meta pixel, PageView only' },
  '/remarketing': { present: ['remarketing-audiences', 'ad-trackers'], trackers: ['doubleclick.net'], gpc: 'not_honoured', note: 'stats.g.doubleclick.net with G-TEST123' },
  '/tiktok-x': { present: ['tiktok-x-pixels', 'ad-trackers'], trackers: ['tiktok.com', 't.co'], gpc: 'not_honoured', note: 'TikTok and X pixel events' },
  '/gpc-honoured': { ...META_SCRIPT, gpc: 'honoured', note: 'Meta pixel and _fbp, only without GPC' },
  '/gpc-ignored': { ...META_SCRIPT, gpc: 'not_honoured', note: 'Meta pixel and _fbp, with GPC on too' },
  '/delayed-pixel': { ...META_IMAGE, gpc: 'not_honoured', note: 'Meta pixel 4 s after load' },
  '/mouse-pixel': { present: ['tiktok-x-pixels', 'ad-trackers'], trackers: ['t.co'], gpc: 'not_honoured', note: 'X pixel on the first mouse move' },
  '/scroll-pixel': { present: ['remarketing-audiences', 'ad-trackers'], trackers: ['doubleclick.net'], gpc: 'not_honoured', note: 'remarketing beacon at the end of a 4,000 px page' },
  '/key-events-plain': { ...KEYS, note: 'each key in a URL, on keydown' },
  '/key-events-json': { ...KEYS, note: 'each key in a JSON beacon, on keydown' },
  '/key-events-base64': { ...KEYS, note: 'each key base64 in an image URL, on keydown' },
  '/key-value-escaped': { ...KEYS, note: 'the email JSON with @ and . \\u-escaped, once past 20 characters' },
  '/third-party-cookies': {
    present: ['third-party-cookies'],
    trackers: [],
    gpc: 'not_honoured',
    note: 'IDE from an image, VISITOR_INFO1_LIVE from a frame, aud_uid from a script, with GPC on too',
  },
  '/consent-gated': { present: [], trackers: [], gpc: 'nothing_to_honour', note: 'Meta and TikTok held as text/plain until a click that never comes' },
  ...Object.fromEntries(BENIGN_PAGES.map((path) => [path, { present: [], trackers: [], gpc: 'nothing_to_honour', note: 'benign' } satisfies PageTruth])),
};
