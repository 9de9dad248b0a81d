import type { MailMessage } from './mail.types';
import { CHANGE_KIND_LABELS, type ChangeKind } from '../browser-shared/monitor-change-kinds.catalogue';

/**
 * Email templates: every email has an HTML version (inline styles only, since email clients drop
 * <style> sheets and external CSS) and a plain-text version with the same words and links.
 */

export interface EmailAction {
  label: string;
  /** An absolute http:// or https:// URL. */
  url: string;
}

export interface EmailContent {
  /** The heading, also the HTML <title>. */
  title: string;
  /** Paragraphs before the action button. */
  intro: string | readonly string[];
  action?: EmailAction;
  /** Paragraphs after the action button. */
  outro: string | readonly string[];
}

export interface RenderedEmail {
  text: string;
  html: string;
}

/** A complete email except its recipient: spread it into a MailMessage with `to`. */
export type EmailTemplate = Omit<MailMessage, 'to'>;

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const COLORS = {
  page: '#f4f5f7',
  card: '#ffffff',
  border: '#e2e8f0',
  text: '#1a202c',
  muted: '#4a5568',
  faint: '#718096',
  brand: '#2c5282',
  onBrand: '#ffffff',
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

function paragraphs(value: string | readonly string[]): string[] {
  return (typeof value === 'string' ? [value] : [...value]).filter((p) => p.trim() !== '');
}

/** Only absolute http(s) links go into an email: no javascript:, data: or relative URLs. */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('Email action URL must be an absolute http:// or https:// URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error('Email action URL must be an absolute http:// or https:// URL');
  }
  return url;
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const intro = paragraphs(content.intro);
  const outro = paragraphs(content.outro);
  const action = content.action && { label: content.action.label, url: checkedUrl(content.action.url) };
  return { text: renderText(content.title, intro, outro, action), html: renderHtml(content.title, intro, outro, action) };
}

function renderText(title: string, intro: string[], outro: string[], action?: EmailAction): string {
  const blocks = [title, ...intro];
  if (action) blocks.push(`${action.label}:\n${action.url}`);
  blocks.push(...outro, '— Footprint');
  return `${blocks.join('\n\n')}\n`;
}

function renderHtml(title: string, intro: string[], outro: string[], action?: EmailAction): string {
  const p = (text: string, style = '') =>
    `<p style="margin:0 0 16px 0;${style}">${escapeHtml(text)}</p>`;
  const button = action
    ? [
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">`,
        `<tr><td align="center" bgcolor="${COLORS.brand}" style="border-radius:6px;background-color:${COLORS.brand};">`,
        `<a href="${escapeHtml(action.url)}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:600;line-height:1.25;color:${COLORS.onBrand};text-decoration:none;border-radius:6px;">${escapeHtml(action.label)}</a>`,
        `</td></tr></table>`,
        `<p style="margin:0 0 16px 0;font-size:14px;color:${COLORS.muted};">If the button does not work, copy this address into your browser:<br>`,
        `<a href="${escapeHtml(action.url)}" target="_blank" rel="noopener" style="color:${COLORS.brand};word-break:break-all;">${escapeHtml(action.url)}</a></p>`,
      ].join('\n')
    : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    `<body style="margin:0;padding:0;background-color:${COLORS.page};">`,
    // The preview line clients show next to the subject.
    `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(intro[0] ?? title)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLORS.page};">`,
    `<tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:${COLORS.card};border:1px solid ${COLORS.border};border-radius:8px;">`,
    `<tr><td style="padding:24px 32px 0 32px;font-family:${FONT};font-size:18px;font-weight:700;color:${COLORS.brand};">Footprint</td></tr>`,
    `<tr><td style="padding:16px 32px 16px 32px;font-family:${FONT};font-size:16px;line-height:1.5;color:${COLORS.text};">`,
    `<h1 style="margin:0 0 16px 0;font-family:${FONT};font-size:22px;line-height:1.3;font-weight:700;color:${COLORS.text};">${escapeHtml(title)}</h1>`,
    ...intro.map((text) => p(text)),
    button,
    ...outro.map((text) => p(text)),
    '</td></tr>',
    '</table>',
    `<p style="margin:16px 0 0 0;font-family:${FONT};font-size:12px;line-height:1.5;color:${COLORS.faint};">Footprint — check what of you is exposed online.</p>`,
    '</td></tr>',
    '</table>',
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}

/** Sent after sign-up (and on request) with the link that confirms the address. */
export function verificationEmail(url: string): EmailTemplate {
  return {
    subject: 'Confirm your email address for Footprint',
    ...renderEmail({
      title: 'Confirm your email address',
      intro: [
        'Thanks for creating a Footprint account.',
        'Please confirm that this email address is yours, so that we can send you monitor alerts and account messages such as password resets.',
      ],
      action: { label: 'Confirm email address', url },
      outro: 'If you did not create a Footprint account, you can ignore this email: the address stays unconfirmed.',
    }),
  };
}

/** Sent when someone asks to reset the password of the account with this address. */
export function passwordResetEmail(url: string): EmailTemplate {
  return {
    subject: 'Reset your Footprint password',
    ...renderEmail({
      title: 'Reset your password',
      intro: 'We received a request to reset the password of your Footprint account. Choose a new password with the button below.',
      action: { label: 'Reset password', url },
      outro: [
        'This link works once and expires in one hour.',
        'Setting a new password signs your account out on every device and revokes all of your API tokens: integrations that use them need a new token afterwards.',
        'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
      ],
    }),
  };
}

/** Sent to the account's address after its password was changed on the account page. */
export function passwordChangedEmail(accountUrl: string): EmailTemplate {
  return {
    subject: 'Your Footprint password was changed',
    ...renderEmail({
      title: 'Your password was changed',
      intro: [
        'The password of your Footprint account was just changed on the account page.',
        'Every other device was signed out and all of your API tokens were revoked: integrations that use them need a new token.',
      ],
      action: { label: 'Open your account', url: accountUrl },
      outro: "If you did not change it, reset your password at once with 'Forgot your password?' on the sign-in page: that signs everyone else out again.",
    }),
  };
}

/** Sent to the new address of an email change: the link makes it the sign-in address. */
export function emailChangeConfirmationEmail(url: string): EmailTemplate {
  return {
    subject: 'Confirm your new Footprint sign-in address',
    ...renderEmail({
      title: 'Confirm your new email address',
      intro: [
        'A Footprint account asked to use this address to sign in.',
        'Confirm with the button below: until then the account keeps its current address.',
      ],
      action: { label: 'Confirm new address', url },
      outro: [
        'This link works once and expires in 24 hours.',
        'If you did not ask for this, ignore this email: nothing changes.',
      ],
    }),
  };
}

/** Sent to the old address once the account signs in with a new one. */
export function emailChangedNoticeEmail(newEmail: string): EmailTemplate {
  return {
    subject: 'Your Footprint sign-in address was changed',
    ...renderEmail({
      title: 'Your sign-in address was changed',
      intro: [
        `Your Footprint account now signs in with ${newEmail}. Account messages and monitor alerts go there from now on.`,
        'This address gets no more messages about the account.',
      ],
      outro: 'If you did not make this change, reply to the operator of this Footprint service at once: someone may have your password.',
    }),
  };
}

/** One new finding in a monitor alert. */
export interface MonitorAlertItem {
  kind: ChangeKind;
  /** The monitored email, handle, website or domain. */
  target: string;
  title: string;
  /** What to do about it. */
  recommendation: string;
  /** A change: what it was before, and what it is now. */
  before?: string;
  after?: string;
  /** What was observed (request URLs, header values, addresses). */
  evidence?: readonly string[];
}


/** An alert shows this many evidence lines per item; the monitor's page has them all. */
const ALERT_EVIDENCE_LINES = 4;

/** One item as a paragraph: what, before and now, what was seen, what to do. */
function alertLine(item: MonitorAlertItem): string {
  const parts = [`${CHANGE_KIND_LABELS[item.kind]} for ${item.target}: ${item.title}.`];
  if (item.before || item.after) parts.push(`Before: ${item.before || '—'}. Now: ${item.after || '—'}.`);
  const evidence = (item.evidence ?? []).slice(0, ALERT_EVIDENCE_LINES);
  if (evidence.length > 0) parts.push(`Seen: ${evidence.join('; ')}${(item.evidence?.length ?? 0) > evidence.length ? '; …' : ''}.`);
  if (item.recommendation) parts.push(`What to do: ${item.recommendation}`);
  return parts.join(' ');
}
/** An alert lists this many findings; the monitoring page has the rest. */
export const MONITOR_ALERT_MAX_ITEMS = 20;

/** Sent when a monitor's run finds something new: what, for which address or handle, and what to do. */
export function monitorAlertEmail(alert: { summary: string; monitorType: 'weekly' | 'monthly'; items: readonly MonitorAlertItem[]; manageUrl: string }): EmailTemplate {
  const listed = alert.items.slice(0, MONITOR_ALERT_MAX_ITEMS);
  const more = alert.items.length - listed.length;
  return {
    subject: `Footprint monitor: ${alert.summary}`,
    ...renderEmail({
      title: 'Your monitor found something new',
      intro: [
        `Your ${alert.monitorType} Footprint monitor found this since its last run:`,
        ...listed.map(alertLine),
        ...(more > 0 ? [`And ${more} more on the monitoring page.`] : []),
      ],
      action: { label: 'Manage your monitors', url: alert.manageUrl },
      outro: 'You get this email because you set up a monitor on Footprint. You can pause or delete it on the monitoring page.',
    }),
  };
}

/**
 * Sent when a scan that was queued (its breach sources were at their request limit) has run: done
 * with what it found, or could not be completed and why.
 */
export function queuedScanEmail(scan: { input: string; done: boolean; line: string; resultUrl: string }): EmailTemplate {
  return {
    subject: scan.done ? 'Your Footprint check is done' : 'Your Footprint check could not be completed',
    ...renderEmail({
      title: scan.done ? 'Your queued check is done' : 'Your queued check could not be completed',
      intro: [
        `The breach check of ${scan.input} you started waited for the breach services this server uses, which were at their request limit.`,
        scan.done ? `It has now run: ${scan.line}.` : `It could not be completed: ${scan.line}. It was not counted against your monthly scans.`,
      ],
      action: scan.done ? { label: 'See the result', url: scan.resultUrl } : { label: 'Open your scan history', url: scan.resultUrl },
      outro: 'You get this email because you started this check while signed in to Footprint.',
    }),
  };
}

/** Sent to an address someone wants to monitor that is not their account's verified address. */
export function monitorEmailVerificationEmail(url: string): EmailTemplate {
  return {
    subject: 'Confirm that Footprint may monitor this address',
    ...renderEmail({
      title: 'Confirm monitoring of this address',
      intro: [
        'A Footprint account asked to monitor this email address for new data breaches and exposures.',
        'If that account is yours, confirm with the button below. Until then the address is not checked.',
      ],
      action: { label: 'Confirm monitoring', url },
      outro: 'This link expires in 7 days. If you did not ask for this, ignore this email: the address will not be monitored.',
    }),
  };
}
