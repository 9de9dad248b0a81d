/**
 * Proof that the person who asks to watch an email domain controls it: a value Footprint made up,
 * published either as a DNS TXT record of the domain or as a file under /.well-known/ on its
 * website. Pure rules here; the lookups are DomainProofSource's.
 */
import type { DomainProof } from '../monitor-target.entity';

export const DOMAIN_PROOF_PREFIX = 'footprint-verification=';
export const DOMAIN_PROOF_FILE_PATH = '/.well-known/footprint-verification.txt';

/** The value to publish, from a random token. */
export function challengeValue(token: string): string {
  return `${DOMAIN_PROOF_PREFIX}${token}`;
}

export function proofFileUrl(template: string, domain: string): string {
  return template.replace('{domain}', domain);
}

/** What the person publishes, either way. */
export interface ProofInstructions {
  dns: { name: string; type: 'TXT'; value: string };
  file: { url: string; content: string };
}

export function proofInstructions(domain: string, challenge: string, fileUrlTemplate: string): ProofInstructions {
  return { dns: { name: domain, type: 'TXT', value: challenge }, file: { url: proofFileUrl(fileUrlTemplate, domain), content: challenge } };
}

/** A TXT record (its strings joined, as DNS splits long values) equal to the challenge. */
export function txtHolds(records: readonly (readonly string[])[], challenge: string): boolean {
  return records.some((chunks) => chunks.join('').trim() === challenge);
}

/** A file one of whose lines is the challenge (an editor may add a line break or a byte-order mark). */
export function fileHolds(body: string, challenge: string): boolean {
  return body
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .some((line) => line.trim() === challenge);
}

/** What a lookup answered: an answer to judge, or no answer at all (which proves nothing either way). */
export type DnsProofAnswer = { kind: 'answer'; records: string[][] } | { kind: 'failed'; message: string };
export type FileProofAnswer =
  | { kind: 'answer'; url: string; status: number; body: string }
  /** `refused`: the SSRF guard will never fetch it (a private address): as definitive as a 404. */
  | { kind: 'failed'; url: string; message: string; refused?: boolean };

/**
 * How one way of proving ended. `definitive`: the domain answered and the proof is not there (a
 * lapse); otherwise nothing could be asked (a DNS failure, a site down), which proves nothing and
 * is tried again later.
 */
export type ProofCheck = { proven: true; method: DomainProof } | { proven: false; method: DomainProof; definitive: boolean; reason: string };

export function judgeDns(domain: string, answer: DnsProofAnswer, challenge: string): ProofCheck {
  if (answer.kind === 'failed') return { proven: false, method: 'dns', definitive: false, reason: `The DNS lookup of ${domain}'s TXT records failed: ${answer.message}` };
  if (txtHolds(answer.records, challenge)) return { proven: true, method: 'dns' };
  const reason = answer.records.length === 0 ? `${domain} has no TXT record` : `None of ${domain}'s ${answer.records.length} TXT records is "${challenge}"`;
  return { proven: false, method: 'dns', definitive: true, reason };
}

export function judgeFile(answer: FileProofAnswer, challenge: string): ProofCheck {
  if (answer.kind === 'failed') return { proven: false, method: 'file', definitive: answer.refused === true, reason: `${answer.url} could not be fetched: ${answer.message}` };
  if (answer.status === 200 && fileHolds(answer.body, challenge)) return { proven: true, method: 'file' };
  if (answer.status === 200) return { proven: false, method: 'file', definitive: true, reason: `${answer.url} does not hold "${challenge}"` };
  // A server error or a rate limit says nothing about the file; any other answer says it is not there.
  const definitive = answer.status < 500 && answer.status !== 429;
  return { proven: false, method: 'file', definitive, reason: `${answer.url} answered HTTP ${answer.status}` };
}

/**
 * Both ways together: proven when either is. Otherwise the proof lapsed (definitive) when the way
 * it was proven by (or, before any proof, every way) answered that it is not there; anything else
 * proves nothing either way and is asked again later.
 */
export function combineProofs(checks: readonly ProofCheck[], provenBy?: DomainProof): ProofCheck | { proven: false; definitive: boolean; reason: string } {
  const proven = checks.find((c) => c.proven);
  if (proven) return proven;
  const failed = checks as Extract<ProofCheck, { proven: false }>[];
  const deciding = provenBy ? failed.filter((c) => c.method === provenBy) : failed;
  return { proven: false, definitive: deciding.length > 0 && deciding.every((c) => c.definitive), reason: failed.map((c) => c.reason).join('; ') };
}
