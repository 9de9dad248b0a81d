/**
 * Every fixed key of the app's PostgreSQL advisory locks, in one place. Two features that share a
 * key silently skip each other's work: the breach catalogue's XposedOrNot refresh (its base key plus
 * the source's index) and the username site list refresh once had the same key, both ran 5 s after
 * start, and whichever came second was skipped as "another instance is refreshing".
 * The named locks of AdvisoryLocks use hashtext(name), a 32-bit value: the keys above 2^31 here can
 * never meet them.
 */
export const ADVISORY_LOCK_KEYS = {
  /** 'migr' in ASCII. Never change it: instances of two versions must share the migrations' lock. */
  migrations: 0x6d696772,
  /** 'outbox' in ASCII. */
  outboxRetry: 0x6f7574626f78,
  breachCatalogueRefresh: { hibp: 4_640_297_105, xposedornot: 4_640_297_106 },
  usernameSiteListRefresh: 4_640_297_110,
  organisationCatalogueRefresh: 4_640_297_120,
  brokerRegistryRefresh: { ca: 4_640_297_121 },
  trackerListRefresh: 4_640_297_130,
} as const;
