import { Injectable } from '@nestjs/common';
import { withDeadline } from '../../common/deadline.util';
import type { DomainProof } from '../monitor-target.entity';
import { combineProofs, judgeDns, judgeFile, ProofCheck } from './domain-proof.rules';
import { DomainProofSource } from './domain-proof.source';

/** How long one proof check may take: the TXT lookup and the file fetch, at the same time. */
export const PROOF_CHECK_MS = 10_000;

export type ProofResult = ReturnType<typeof combineProofs>;

/**
 * Checks a domain's proof of control both ways at once (the TXT record and the file): proven when
 * either holds the challenge; a lapse only when the way it was proven by answered that it is gone.
 */
@Injectable()
export class DomainProofService {
  constructor(private readonly source: DomainProofSource) {}

  /** `only`: check that way alone (the person said which one they published). */
  async check(domain: string, challenge: string, provenBy?: DomainProof | null, only?: DomainProof): Promise<ProofResult> {
    const [dns, file] = await withDeadline(PROOF_CHECK_MS, [], (signal) =>
      Promise.all([
        only === 'file' ? undefined : this.source.txtRecords(domain, signal).then((answer) => judgeDns(domain, answer, challenge)),
        only === 'dns' ? undefined : this.source.wellKnownFile(domain, signal).then((answer) => judgeFile(answer, challenge)),
      ]),
    );
    const checks = [dns, file].filter((c): c is ProofCheck => c !== undefined);
    // The way it was proven by first, so a domain proven both ways keeps its way.
    if (provenBy === 'file') checks.reverse();
    return combineProofs(checks, provenBy ?? undefined);
  }
}
