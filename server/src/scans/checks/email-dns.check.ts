import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { analyzeEmailDns } from '../analysis/email-dns.analyzer';
import { EmailDnsSource } from '../sources/email-dns.source';
import { analyzed, CheckContext, CheckOutcome, isEmailInput, scanCheck } from './scan-check';

/** The mail security of an email address's domain: MX, SPF and DMARC records (DNS). */
@Injectable()
export class EmailDnsCheck extends scanCheck({
  id: 'email-dns',
  label: 'Email domain security (MX, SPF, DMARC)',
  noun: 'the DNS lookup',
  groups: ['metadata'],
}) {
  constructor(private readonly dns: EmailDnsSource) {
    super();
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isEmailInput(input);
  }

  async run(input: ClassifiedScanInput, { signal }: CheckContext): Promise<CheckOutcome> {
    return analyzed(await this.dns.lookup(input.domain ?? '', signal), analyzeEmailDns);
  }
}
