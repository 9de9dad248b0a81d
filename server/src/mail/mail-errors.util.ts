/**
 * What may be said about a failed delivery in logs and in the outbox row: the error code, the SMTP
 * reply code, the SMTP command and the message, with every email address taken out (SMTP servers
 * quote the rejected recipient: "550 5.1.1 <someone@example.com>: Recipient address rejected").
 */
const ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;
const MAX_LENGTH = 500;

export function withoutAddresses(value: string): string {
  return value.replace(ADDRESS, '[address]');
}

/** Failures of the connection or the server itself (as opposed to one message or recipient). */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'EPROTOCOL', 'ECONNREFUSED']);

export interface DescribedMailError {
  /** One line, without email addresses, at most 500 characters. */
  summary: string;
  /** The mail server could not be used at all: later messages will fail the same way. */
  serverUnavailable: boolean;
}

export function describeMailError(err: unknown): DescribedMailError {
  const e = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    originalCode?: unknown;
    responseCode?: unknown;
    command?: unknown;
    message?: unknown;
  };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const details = [
    code,
    typeof e.originalCode === 'string' ? `(${e.originalCode})` : undefined,
    typeof e.responseCode === 'number' ? `reply ${e.responseCode}` : undefined,
    typeof e.command === 'string' ? `at ${e.command}` : undefined,
  ].filter(Boolean);
  const message = typeof e.message === 'string' ? e.message : String(err);
  const line = `${details.length ? `${details.join(' ')}: ` : ''}${message}`.replace(/\s+/g, ' ').trim();
  const summary = withoutAddresses(line);
  return {
    summary: summary.length > MAX_LENGTH ? `${summary.slice(0, MAX_LENGTH - 1)}…` : summary,
    serverUnavailable: code !== undefined && CONNECTION_CODES.has(code),
  };
}
