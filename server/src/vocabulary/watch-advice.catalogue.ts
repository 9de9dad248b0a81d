/**
 * What to do about what a monitor found beyond single findings (our own words): a new paste holding
 * an address, a breach that newly holds addresses of a watched domain, a domain watch that paused
 * because its proof of control lapsed. Website changes carry their advice in their diff rules.
 */
export const WATCH_ADVICE = {
  paste:
    'A paste is text published openly, often a dump of stolen logins. Change the password of any account that uses this address (and anywhere you reused it), turn on two-factor sign-in, and expect phishing to it.',
  domainBreach: (breach: string) =>
    `Tell the people at these addresses: they should change the password they used on ${breach} and anywhere they reused it, and turn on two-factor sign-in. Check whether ${breach} held work accounts, and watch for phishing that quotes it.`,
  watchPaused:
    'Publish the TXT record or the file again (the monitor page shows both), press Verify, then activate the monitor: nothing of the domain is searched until control is proven again.',
} as const;
