import { Inject, Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { analyzeEmailDns, implausibleDnsAnswer } from '../analysis/email-dns.analyzer';
import { EmailDnsSource } from '../sources/email-dns.source';
import { analyzed, CheckContext, CheckOutcome, isEmailInput, scanCheck } from './scan-check.types';

/** The mail security of an email address's domain: MX, SPF and DMARC records (DNS); EMAIL_DNS_ENABLED switches it. */
@Injectable()
export class EmailDnsCheck extends scanCheck({
  id: 'email-dns',
  label: 'Email domain security (MX, SPF, DMARC)',
  noun: 'the DNS lookup',
  groups: ['metadata'],
}) {
  constructor(
    private readonly dns: EmailDnsSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isEmailInput(input);
  }

  async run(input: ClassifiedScanInput, { signal }: CheckContext): Promise<CheckOutcome> {
    if (!this.config.sources.emailDnsEnabled) {
      return { status: 'not_configured', message: 'The email DNS checks are turned off on this server (EMAIL_DNS_ENABLED=false)', findings: [] };
    }
    const records = await this.dns.lookup(input.domain ?? '', signal);
    // Answers that cannot be true of a major provider mean the resolver is not to be trusted.
    const implausible = records.status === 'ok' ? implausibleDnsAnswer(records.data) : undefined;
    return implausible ? { status: 'unavailable', message: implausible, findings: [] } : analyzed(records, analyzeEmailDns);
  }
}
