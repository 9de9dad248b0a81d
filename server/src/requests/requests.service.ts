import { ForbiddenException, Inject, Injectable, Logger, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import { ProfileService } from '../auth/profile.service';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { renderEmail } from '../mail/mail-templates.renderer';
import { Mailer } from '../mail/mail.types';
import { planFor } from '../vocabulary/plan.catalogue';
import { BrokerRegistryService } from './organisations/broker-registry.service';
import { OrganisationCatalogueService } from './organisations/organisation-catalogue.service';
import { type Organisation } from './organisations/organisation.types';
import { calendarDay, type Deadline, deadlineFor } from './request-deadline.rules';
import { mailtoLink, writeEml } from './request-eml.writer';
import { draftComplaint, draftFollowUp, draftLetter, idDocumentAdvice, type Letter, type LetterInput } from './request-letter.rules';
import { remindersOf } from './request-reminder.rules';
import { OPEN_STATUSES } from './request.types';
import { DROP, planBatch, uniqueBrokers } from './broker-batch.rules';
import type { AuthorityDto, BrokerBatchPreviewDto, BrokerBatchQueryDto, BrokerBatchResultDto, CreateBrokerBatchDto, CreateRequestDto, LetterDto, ReportRequestDto, RequestListDto, RequestSummaryDto, RightsRequestDto, UpdateRequestDto } from './requests.dto';
import { RightsRequestEntity } from './rights-request.entity';
import { RightsRequestRepository } from './rights-request.repository';

export const REQUEST_MESSAGES = {
  notFound: 'Request not found',
  atLimit: "You have used this month's privacy-rights requests of your plan. Upgrade for more, or wait for next month.",
  noOrganisation: 'Choose an organisation from the catalogue, or give its name',
  unknownOrganisation: 'That organisation is not in the catalogue',
  brokersNeedCountry: 'Give the country you live in to find the data brokers relevant to you',
  noBrokers: 'No data broker in the catalogue is relevant to where you live',
} as const;

/** Days before the due day when the "due soon" reminder goes out. */
export const REMINDER_SOON_DAYS = 3;
/** The list shows this many requests (a person's requests are few; the export has them all). */
const LIST_LIMIT = 200;

/** California's regulator for CCPA complaints (not in the datarequests.org records, which cover Europe). */
const CALIFORNIA_REGULATOR: AuthorityDto = { name: 'California Privacy Protection Agency', email: null, web: 'https://cppa.ca.gov/', address: null };

/**
 * Privacy-rights requests: drafted from a finding or a chosen organisation in the person's
 * jurisdiction, sent by the person themselves (mailto, .eml, copied text or the web form), and
 * tracked to the answer with reminders before and at the deadline. Footprint never sends a
 * request in the person's name.
 */
@Injectable()
export class RequestsService {
  private readonly logger = new Logger(RequestsService.name);

  constructor(
    private readonly requests: RightsRequestRepository,
    private readonly catalogue: OrganisationCatalogueService,
    private readonly brokerRegistry: BrokerRegistryService,
    private readonly profiles: ProfileService,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private monthStart(): Date {
    const now = this.clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }

  async list(userId: string): Promise<RequestListDto> {
    const [rows, profile, used] = await Promise.all([this.requests.listOf(userId, LIST_LIMIT), this.profiles.profile(userId), this.requests.countCreatedSince(userId, this.monthStart())]);
    return {
      requests: rows.map(summaryOf),
      openCount: rows.filter((r) => OPEN_STATUSES.includes(r.status)).length,
      usedThisMonth: used,
      monthlyLimit: planFor(profile.plan.tier).monthlyRequests,
      reminders: remindersOf(rows, calendarDay(this.clock.now()), REMINDER_SOON_DAYS),
    };
  }

  async create(userId: string, dto: CreateRequestDto): Promise<RightsRequestDto> {
    const profile = await this.profiles.profile(userId);
    const limit = planFor(profile.plan.tier).monthlyRequests;
    if ((await this.requests.countCreatedSince(userId, this.monthStart())) >= limit) throw new ForbiddenException(REQUEST_MESSAGES.atLimit);
    let organisation: Organisation | null = null;
    if (dto.organisationSlug) {
      organisation = await this.catalogue.find('company', dto.organisationSlug);
      if (!organisation) throw new UnprocessableEntityException(REQUEST_MESSAGES.unknownOrganisation);
    } else if (!dto.organisationName?.trim()) {
      throw new UnprocessableEntityException(REQUEST_MESSAGES.noOrganisation);
    }
    // Only the organisation's own required elements are kept, and only when answered.
    const wanted = new Set(organisation?.requiredElements.map((e) => e.desc) ?? []);
    const extra = (dto.extra ?? []).filter((e) => wanted.has(e.desc) && e.value.trim() !== '').map((e) => ({ desc: e.desc, value: e.value.trim() }));
    const row = this.draftRow(userId, dto, organisation, extra);
    await this.requests.insert(row);
    return this.detailOf(row);
  }

  /**
   * "Ask every data broker", before anything is made: DROP for Californians, the brokers relevant
   * to where the person lives, and how many drafts a batch would make within the month's allowance.
   */
  async brokerBatchPreview(userId: string, query: BrokerBatchQueryDto): Promise<BrokerBatchPreviewDto> {
    const kind = query.kind ?? 'erasure';
    const [brokers, openSlugs, remaining] = await Promise.all([this.brokersFor(query), this.requests.openSlugsOf(userId, kind), this.remainingThisMonth(userId)]);
    const plan = planBatch(brokers, openSlugs, remaining);
    return {
      drop: query.jurisdiction === 'ccpa' ? { ...DROP } : null,
      brokers: brokers.map((b) => ({ slug: b.slug, name: b.name, email: b.email, webform: b.webform, source: b.source, asked: openSlugs.has(b.slug) })),
      alreadyAsked: plan.alreadyAsked,
      willDraft: plan.toDraft.length,
      leftOver: plan.leftOver,
      remaining,
    };
  }

  /**
   * A draft to every broker relevant to the person that they have no open request of this kind
   * with, in name order, up to what is left of the month's allowance: the rest is counted in
   * leftOver (ask again next month). Refused only when nothing is left of the allowance at all.
   */
  async createBrokerBatch(userId: string, dto: CreateBrokerBatchDto): Promise<BrokerBatchResultDto> {
    const kind = dto.kind ?? 'erasure';
    const [brokers, openSlugs, remaining] = await Promise.all([this.brokersFor(dto), this.requests.openSlugsOf(userId, kind), this.remainingThisMonth(userId)]);
    if (brokers.length === 0) throw new UnprocessableEntityException(REQUEST_MESSAGES.noBrokers);
    const plan = planBatch(brokers, openSlugs, remaining);
    if (remaining <= 0 && plan.leftOver > 0) throw new ForbiddenException(REQUEST_MESSAGES.atLimit);
    // No context: the letter's "This concerns the data linked to …" is for a finding, and a broker is asked about everything it holds.
    const rows = plan.toDraft.map((broker) => this.draftRow(userId, { ...dto, kind, context: undefined }, broker, []));
    await this.requests.insertMany(rows);
    return { created: rows.map(summaryOf), alreadyAsked: plan.alreadyAsked, leftOver: plan.leftOver, drop: dto.jurisdiction === 'ccpa' ? { ...DROP } : null };
  }

  private async remainingThisMonth(userId: string): Promise<number> {
    const [profile, used] = await Promise.all([this.profiles.profile(userId), this.requests.countCreatedSince(userId, this.monthStart())]);
    return Math.max(0, planFor(profile.plan.tier).monthlyRequests - used);
  }

  /** Californians: the state registry's brokers first, then the catalogue's US ones; elsewhere the catalogue's for the country. */
  private async brokersFor(query: BrokerBatchQueryDto): Promise<Organisation[]> {
    if (query.jurisdiction === 'ccpa') return uniqueBrokers(await Promise.all([this.brokerRegistry.californiaBrokers(), this.brokerRegistry.brokersForCountry('us')]));
    const country = query.jurisdiction === 'uk_gdpr' ? 'gb' : query.country?.toLowerCase();
    if (!country) throw new UnprocessableEntityException(REQUEST_MESSAGES.brokersNeedCountry);
    return uniqueBrokers([await this.brokerRegistry.brokersForCountry(country)]);
  }

  private draftRow(
    userId: string,
    dto: Pick<CreateRequestDto, 'kind' | 'jurisdiction' | 'country' | 'organisationName' | 'organisationEmail' | 'name' | 'email' | 'context'>,
    organisation: Organisation | null,
    extra: { desc: string; value: string }[],
  ): RightsRequestEntity {
    const now = this.clock.now();
    return Object.assign(new RightsRequestEntity(), {
      id: randomUUID(),
      userId,
      kind: dto.kind,
      jurisdiction: dto.jurisdiction,
      country: dto.country?.toLowerCase() ?? null,
      status: 'draft' as const,
      organisationSlug: organisation?.slug ?? null,
      organisationName: organisation?.name ?? dto.organisationName!.trim(),
      organisationEmail: organisation ? organisation.email : (dto.organisationEmail ?? null),
      organisationWebform: organisation?.webform ?? null,
      needsIdDocument: organisation?.needsIdDocument ?? false,
      identity: { name: dto.name?.trim() || null, email: dto.email.trim(), extra },
      context: dto.context?.trim() || null,
      notes: '',
      createdAt: now,
      updatedAt: now,
      sentOn: null,
      dueOn: null,
      extended: false,
      answeredOn: null,
      remindersSent: [],
    });
  }

  async get(userId: string, id: string): Promise<RightsRequestDto> {
    return this.detailOf(await this.own(userId, id));
  }

  async update(userId: string, id: string, dto: UpdateRequestDto): Promise<RightsRequestDto> {
    const row = await this.own(userId, id);
    const today = calendarDay(this.clock.now());
    if (dto.notes !== undefined) row.notes = dto.notes;
    if (dto.status === 'sent' || (dto.sentOn !== undefined && row.sentOn !== null)) {
      row.sentOn = dto.sentOn ?? row.sentOn ?? today;
      if (dto.status === 'sent') row.status = 'sent';
      row.remindersSent = [];
    } else if (dto.status) {
      row.status = dto.status;
      if (dto.status === 'draft') row.sentOn = null;
      if (['answered', 'completed', 'refused'].includes(dto.status)) row.answeredOn ??= today;
    }
    if (dto.extended !== undefined) row.extended = dto.extended;
    const deadline = row.sentOn ? deadlineFor(row.jurisdiction, row.kind, row.sentOn) : null;
    row.dueOn = deadline ? (row.extended && deadline.extendedDue ? deadline.extendedDue : deadline.due) : null;
    // A new due day in the future takes an overdue request back to waiting.
    if (row.status === 'overdue' && row.dueOn && row.dueOn >= today) row.status = 'sent';
    row.updatedAt = this.clock.now();
    await this.requests.save(row);
    return this.detailOf(row);
  }

  /** Downloading the .eml counts as the day it was sent when the person has not said otherwise. */
  async eml(userId: string, id: string, which: 'request' | 'follow-up'): Promise<{ fileName: string; content: Buffer }> {
    const row = await this.own(userId, id);
    const detail = await this.detailOf(row);
    const letter = which === 'follow-up' ? detail.followUp : detail.letter;
    if (!letter) throw new NotFoundException('There is no follow-up before the deadline has passed');
    const content = await writeEml({ from: { name: row.identity.name, address: row.identity.email }, to: row.organisationEmail ?? '', letter, date: this.clock.now() });
    if (which === 'request' && row.status === 'draft') await this.update(userId, id, { status: 'sent' });
    const slug = row.organisationName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'organisation';
    return { fileName: `${which}-${slug}.eml`, content };
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.requests.deleteOwn(userId, id))) throw new NotFoundException(REQUEST_MESSAGES.notFound);
  }

  /** Everything the account holds about its requests, for the account export. */
  async exportOf(userId: string): Promise<RightsRequestDto[]> {
    const rows = await this.requests.listOf(userId, 10_000);
    return Promise.all(rows.map((row) => this.detailOf(row)));
  }

  /**
   * The requests and their outcomes for the report: organisation, kind, law, status, dates and the
   * person's notes of the answer; no identifiers (the letters hold those, the report does not).
   */
  async reportOf(userId: string): Promise<ReportRequestDto[]> {
    const today = calendarDay(this.clock.now());
    const rows = await this.requests.listOf(userId, LIST_LIMIT);
    return rows.map((row) => ({
      organisationName: row.organisationName,
      kind: row.kind,
      jurisdiction: row.jurisdiction,
      // A sent request past its due day reads as overdue even before the hourly job has marked it.
      status: row.status === 'sent' && row.dueOn !== null && row.dueOn < today ? 'overdue' : row.status,
      context: row.context,
      createdAt: row.createdAt.toISOString(),
      sentOn: row.sentOn,
      dueOn: row.dueOn,
      answeredOn: row.answeredOn,
      notes: row.notes,
    }));
  }

  /** Hourly: the "due soon" and "overdue" reminders, each once, as emails (the dashboard shows the same from the requests' status). */
  @Cron('7 * * * *', { name: 'rights-request-reminders' })
  async hourly(): Promise<void> {
    if (this.config.databaseUrl === undefined) return;
    try {
      await this.sendReminders();
    } catch (err) {
      this.logger.error(`request reminders failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Claims and sends the reminders due now; answers how many went out. */
  async sendReminders(): Promise<number> {
    const due = await this.requests.claimReminders(calendarDay(this.clock.now()), REMINDER_SOON_DAYS);
    for (const reminder of due) {
      const profile = await this.profiles.profile(reminder.userId);
      const overdue = reminder.reminder === 'due';
      await this.mailer.send({
        to: profile.email,
        subject: overdue ? `Your request to ${reminder.organisationName} is overdue` : `Your request to ${reminder.organisationName} is due on ${reminder.dueOn}`,
        ...renderEmail({
          title: overdue ? 'A request went unanswered' : 'A request is due soon',
          intro: overdue
            ? [`${reminder.organisationName} had until ${reminder.dueOn} to answer your privacy request.`, 'Footprint has drafted a reminder to them and a complaint to the regulator, ready for you to send.']
            : [`${reminder.organisationName} has until ${reminder.dueOn} to answer your privacy request.`, 'If they have answered, mark the request answered and note what they said.'],
          action: { label: 'Open the request', url: `${this.config.publicUrl}/requests?id=${reminder.id}` },
          outro: 'Footprint never sends requests in your name: you send them from your own mailbox.',
        }),
      });
    }
    return due.length;
  }

  private async own(userId: string, id: string): Promise<RightsRequestEntity> {
    const row = await this.requests.findOwn(userId, id);
    if (!row) throw new NotFoundException(REQUEST_MESSAGES.notFound);
    return row;
  }

  private async authorityOf(row: RightsRequestEntity): Promise<AuthorityDto | null> {
    if (row.jurisdiction === 'ccpa') return CALIFORNIA_REGULATOR;
    if (row.jurisdiction === 'other') return null;
    const country = row.jurisdiction === 'uk_gdpr' ? 'gb' : row.country;
    if (!country) return null;
    const [authority] = await this.catalogue.authoritiesFor(country);
    return authority ? { name: authority.name, email: authority.email, web: authority.web, address: authority.address } : null;
  }

  private async detailOf(row: RightsRequestEntity): Promise<RightsRequestDto> {
    const today = calendarDay(this.clock.now());
    const deadline: Deadline = deadlineFor(row.jurisdiction, row.kind, row.sentOn ?? today);
    const input: LetterInput = {
      kind: row.kind,
      jurisdiction: row.jurisdiction,
      organisationName: row.organisationName,
      identity: row.identity,
      needsIdDocument: row.needsIdDocument,
      context: row.context,
      deadline,
    };
    const letter = draftLetter(input);
    const overdue = row.status === 'overdue' || (row.status === 'sent' && row.dueOn !== null && row.dueOn < today);
    const authority = overdue ? await this.authorityOf(row) : null;
    const to = row.organisationEmail;
    const asDto = (l: Letter, address: string | null): LetterDto => ({ ...l, to: address, mailto: address ? mailtoLink(address, l) : null });
    const followUp = overdue && row.sentOn ? draftFollowUp({ ...input, sentOn: row.sentOn, original: letter, authorityName: authority?.name ?? null }) : null;
    const complaint = overdue && row.sentOn && authority ? draftComplaint({ ...input, sentOn: row.sentOn, original: letter, authorityName: authority.name }) : null;
    return {
      ...summaryOf(row),
      jurisdiction: row.jurisdiction,
      country: row.country,
      organisationSlug: row.organisationSlug,
      organisationEmail: row.organisationEmail,
      organisationWebform: row.organisationWebform,
      notes: row.notes,
      extended: row.extended,
      answeredOn: row.answeredOn,
      deadline,
      letter: asDto(letter, to),
      idAdvice: idDocumentAdvice(row.needsIdDocument),
      followUp: followUp ? asDto(followUp, to) : null,
      complaint: complaint ? asDto(complaint, authority?.email ?? null) : null,
      authority,
    };
  }
}

function summaryOf(row: RightsRequestEntity): RequestSummaryDto {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    organisationName: row.organisationName,
    createdAt: row.createdAt.toISOString(),
    sentOn: row.sentOn,
    dueOn: row.dueOn,
    context: row.context,
  };
}
