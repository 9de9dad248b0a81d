/** How a check ended. Only 'ok' checks contribute findings and score. */
export const CHECK_STATUSES = ['ok', 'not_configured', 'unavailable', 'rate_limited', 'timed_out', 'not_applicable'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The checks the pipeline knows. */
export const CHECK_IDS = ['breaches', 'gravatar', 'email-dns', 'email-provider', 'url-input', 'website', 'website-breaches', 'username'] as const;
export type CheckId = (typeof CHECK_IDS)[number];
