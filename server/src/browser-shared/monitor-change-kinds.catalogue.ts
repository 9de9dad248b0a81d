/**
 * What each kind of news a monitor finds is called, in the alert email and on the monitoring page
 * alike (the client imports this file). The kinds are the API's NOTICE_ITEM_KINDS.
 */
export const CHANGE_KIND_LABELS = {
  breach: 'New breach',
  exposure: 'New exposure',
  username_site: 'New site with your name',
  paste: 'New paste',
  website_change: 'Website change',
  domain_breach: 'New breach of your domain',
  watch_paused: 'Monitor paused',
  queued_scan: 'Queued check',
} as const;

export type ChangeKind = keyof typeof CHANGE_KIND_LABELS;
