import type { EmailDnsRecords } from '../sources/source.types';
import type { Finding, FindingType } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';
import { classifyEmailDomain } from './email-provider.analyzer';

/**
 * Answers that cannot be true: a major provider's domain (Gmail, Outlook.com, … — the email
 * provider catalogue) exists and receives mail, so "does not exist" or "no mail server" for it says
 * the resolver is not giving real answers (a captive or filtering resolver, a broken network), and
 * none of its answers can be trusted. Returns why, or undefined when nothing contradicts.
 */
export function implausibleDnsAnswer(records: EmailDnsRecords): string | undefined {
  const kind = classifyEmailDomain(records.domain);
  if (kind.kind !== 'common') return undefined;
  const claim = !records.domainExists ? 'does not exist' : mxProblem(records) ? 'has no mail server' : undefined;
  if (!claim) return undefined;
  return `The DNS server answered that ${records.domain} ${claim}, which is not true of ${kind.provider}: its answers cannot be trusted, so the domain was not checked`;
}

/**
 * The mail DNS records of the address's domain → what they leave open. All findings count in the
 * `metadata` group (facts about how the address is set up, not personal data). Risk levels, from
 * the spec's "email-domain risks are low, spoofing medium":
 * - domain does not exist: medium (mail is lost, and whoever registers the domain receives it);
 * - no mail server (no MX, or a null MX): low;
 * - SPF missing, several SPF records, `?all`, or no `all` at all: low (SPF alone does not stop forgery);
 * - SPF `+all` (or a bare `all`): medium, since it authorises every server on the internet;
 * - DMARC missing, several DMARC records, `p=none`, no or unknown `p`, `pct` below 100: medium,
 *   because anyone can then send mail that appears to come from this address.
 * A domain that does not exist gets only the first finding: its SPF and DMARC are moot.
 */
export function analyzeEmailDns(records: EmailDnsRecords): Finding[] {
  const domain = records.domain;
  const findings: Finding[] = [];
  const add = (type: FindingType, risk: RiskLevel, value: string, summary: string, observed: string) => {
    findings.push({ group: 'metadata', detail: { kind: 'risk', type, value, source: FINDING_SOURCES.dns, risk, evidence: { summary, observed } } });
  };

  if (!records.domainExists) {
    add(
      'no_mx_record',
      'medium',
      `${domain} does not exist`,
      `The domain ${domain} does not exist in DNS, so this address cannot receive mail, and whoever registers the domain would receive it`,
      `${domain}: NXDOMAIN`,
    );
    return findings;
  }

  const mx = mxProblem(records);
  if (mx) add('no_mx_record', 'low', mx.value, mx.summary, mx.observed);

  const spf = spfProblem(domain, records.spf);
  if (spf) add(spf.type, spf.risk, spf.value, spf.summary, spf.observed);

  const dmarc = dmarcProblem(domain, records.dmarc);
  if (dmarc) add(dmarc.type, 'medium', dmarc.value, dmarc.summary, dmarc.observed);

  return findings;
}

interface Problem {
  value: string;
  summary: string;
  observed: string;
}

function mxProblem({ domain, mx }: EmailDnsRecords): Problem | undefined {
  if (mx.length === 0) {
    return {
      value: `${domain} has no MX record`,
      summary: `The domain ${domain} publishes no mail server (MX) record, so mail to this address is unlikely to be delivered`,
      observed: `MX ${domain}: none`,
    };
  }
  // RFC 7505 "null MX": a single record pointing at the root says the domain takes no mail.
  const isNull = (exchange: string) => exchange.trim() === '' || exchange.trim() === '.';
  if (mx.every((record) => isNull(record.exchange))) {
    return {
      value: `${domain} accepts no mail (null MX)`,
      summary: `The domain ${domain} declares that it accepts no mail (a null MX record), so this address cannot receive mail`,
      observed: `MX ${domain}: ${mx.map((record) => `${record.priority} .`).join(', ')}`,
    };
  }
  return undefined;
}

const SPOOFING = 'anyone can send mail that appears to come from this address';

function spfProblem(domain: string, raw: readonly string[]): (Problem & { type: FindingType; risk: RiskLevel }) | undefined {
  const records = raw.map(normalizeSpace).filter((record) => /^v=spf1(\s|$)/i.test(record));
  if (records.length === 0) {
    return {
      type: 'spf_missing',
      risk: 'low',
      value: `${domain} has no SPF record`,
      summary: `The domain ${domain} publishes no SPF record, so receiving servers cannot tell which servers may send its mail`,
      observed: `TXT ${domain}: no v=spf1 record`,
    };
  }
  if (records.length > 1) {
    return {
      type: 'spf_weak',
      risk: 'low',
      value: `${domain} has ${records.length} SPF records`,
      summary: `The domain ${domain} publishes ${records.length} SPF records; receivers treat that as an error and ignore SPF for it`,
      observed: records.join(' | '),
    };
  }
  const [record] = records;
  const terms = record.split(' ').slice(1).map((term) => term.toLowerCase());
  const all = terms.find((term) => /^[+\-~?]?all$/.test(term));
  if (all === undefined) {
    // A redirect= modifier hands the decision to another domain's record, which we do not follow.
    if (terms.some((term) => term.startsWith('redirect='))) return undefined;
    return {
      type: 'spf_weak',
      risk: 'low',
      value: `SPF of ${domain} has no "all" rule`,
      summary: `The SPF record of ${domain} does not end with an "all" rule, so mail from any other server is left undecided`,
      observed: record,
    };
  }
  if (all === 'all' || all === '+all') {
    return {
      type: 'spf_weak',
      risk: 'medium',
      value: `SPF of ${domain} allows every server (${all})`,
      summary: `The SPF record of ${domain} ends in "${all}", which authorises every server on the internet to send its mail, so ${SPOOFING}`,
      observed: record,
    };
  }
  if (all === '?all') {
    return {
      type: 'spf_weak',
      risk: 'low',
      value: `SPF of ${domain} is neutral (?all)`,
      summary: `The SPF record of ${domain} ends in "?all", which tells receivers nothing about mail from other servers`,
      observed: record,
    };
  }
  return undefined;
}

function dmarcProblem(domain: string, raw: readonly string[]): (Problem & { type: FindingType }) | undefined {
  const records = raw.map(normalizeSpace).filter((record) => /^v\s*=\s*dmarc1\s*(;|$)/i.test(record));
  const where = `_dmarc.${domain}`;
  if (records.length === 0) {
    return {
      type: 'dmarc_missing',
      value: `${domain} has no DMARC record`,
      summary: `The domain ${domain} publishes no DMARC record, so ${SPOOFING}`,
      observed: `TXT ${where}: no v=DMARC1 record`,
    };
  }
  if (records.length > 1) {
    return {
      type: 'dmarc_weak',
      value: `${domain} has ${records.length} DMARC records`,
      summary: `The domain ${domain} publishes ${records.length} DMARC records; receivers then apply none of them, so ${SPOOFING}`,
      observed: records.join(' | '),
    };
  }
  const [record] = records;
  const tags = dmarcTags(record);
  const policy = tags.get('p')?.toLowerCase();
  if (policy !== 'quarantine' && policy !== 'reject') {
    const shown = policy === undefined ? 'no policy' : `p=${policy}`;
    return {
      type: 'dmarc_weak',
      value: `DMARC of ${domain} does not block forged mail (${shown})`,
      summary:
        policy === 'none'
          ? `The DMARC policy of ${domain} is "none": receivers are asked to let forged mail through, so ${SPOOFING}`
          : `The DMARC record of ${domain} has ${policy === undefined ? 'no' : 'an invalid'} policy, so receivers apply none and ${SPOOFING}`,
      observed: record,
    };
  }
  const pctText = tags.get('pct');
  if (pctText !== undefined) {
    const pct = /^\d+$/.test(pctText) ? Number(pctText) : NaN;
    // An unreadable pct is ignored by receivers (RFC 7489 treats it as 100), so only a real number below 100 counts.
    if (pct < 100) {
      return {
        type: 'dmarc_weak',
        value: `DMARC of ${domain} applies to ${pct}% of mail (p=${policy}; pct=${pct})`,
        summary: `The DMARC policy of ${domain} is applied to only ${pct}% of failing mail, so for the rest ${SPOOFING}`,
        observed: record,
      };
    }
  }
  return undefined;
}

/** `v=DMARC1; p=reject ;pct = 50` → p → reject, pct → 50 (keys lower-cased, first occurrence wins). */
function dmarcTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    if (key && !tags.has(key)) tags.set(key, part.slice(eq + 1).trim());
  }
  return tags;
}

function normalizeSpace(record: string): string {
  return record.trim().replace(/\s+/g, ' ');
}
