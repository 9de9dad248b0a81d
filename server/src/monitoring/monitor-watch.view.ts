import type { MonitorTargetEntity } from './monitor-target.entity';
import type { MonitorDomainDto, MonitorWebsiteDto } from './monitor-watch.dto';
import type { MonitorChangeDto } from './monitoring.dto';
import type { NoticeItem } from './monitoring.types';
import { proofInstructions } from './domain/domain-proof.rules';
import { DOMAIN_HIBP_MESSAGES, readDomainWatchState } from './domain/domain-watch.rules';
import { readWebsiteWatchState } from './website/website-watch.rules';

/** A website target as the monitor's page shows it: how the last run saw it, and what awaits confirmation. */
export function websiteView(target: MonitorTargetEntity): MonitorWebsiteDto {
  const latest = readWebsiteWatchState(target.watchState)?.latest;
  return { url: target.value, checkedAt: latest?.checkedAt ?? null, mode: latest?.mode ?? null, summary: latest?.line ?? null, pending: latest?.pending ?? [] };
}

/** A domain target: what to publish, whether it is proven, and Have I Been Pwned's side. */
export function domainView(target: MonitorTargetEntity, fileUrlTemplate: string): MonitorDomainDto {
  const state = readDomainWatchState(target.watchState);
  const instructions = proofInstructions(target.value, target.challenge ?? '', fileUrlTemplate);
  return {
    domain: target.value,
    verified: target.verifiedAt !== null,
    verifiedBy: target.verifiedAt !== null ? target.verifiedBy : null,
    checkedAt: target.checkedAt?.toISOString() ?? null,
    dnsRecord: instructions.dns,
    file: instructions.file,
    hibp: state?.hibp ?? { status: 'not_checked', message: DOMAIN_HIBP_MESSAGES.notChecked, checkedAt: null },
    breachedAddresses: state?.aliases ? Object.keys(state.aliases).length : null,
  };
}

/** A change (a notice item) as the API shows it: only the fields it has. */
export function changeView({ kind, target, title, recommendation, before, after, evidence }: NoticeItem): MonitorChangeDto {
  return { kind, target, title, recommendation, ...(before ? { before } : {}), ...(after ? { after } : {}), ...(evidence?.length ? { evidence } : {}) };
}
