import type { GravatarProfile } from '../sources/source.types';
import type { Finding, FindingGroup, FindingType, RiskDetail } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';

/**
 * A public Gravatar profile → one finding per kind of personal data it shows to anyone who knows
 * the address. The value is the public value itself: it is already public, and its owner needs to
 * see exactly what is out there. No profile (null) → nothing found.
 *
 * Groups and risks: the profile, name, job, contact details, avatar and "about" details count as
 * personal information; location and time zone as location data; verified accounts and links as
 * social media. Phone numbers and extra email addresses are high risk (scam calls, SIM swaps), the
 * name, employer, location and linked accounts medium, the rest low.
 */
export function analyzeGravatar(profile: GravatarProfile | null): Finding[] {
  if (!profile) return [];
  const findings: Finding[] = [];
  const add = (group: FindingGroup, type: FindingType, risk: RiskLevel, value: string, summary: string, url?: string) => {
    const detail: RiskDetail = {
      kind: 'risk',
      type,
      value,
      source: FINDING_SOURCES.gravatar,
      risk,
      evidence: { summary, observed: value, ...(url ? { url } : {}) },
    };
    findings.push({ group, detail });
  };

  const profileUrl = httpsUrl(profile.profile_url);
  add(
    'personalInfo',
    'gravatar_profile_public',
    'low',
    profileUrl ?? `Gravatar profile ${profile.hash}`,
    'Gravatar has a public profile for this address, which anyone who knows the address can look up',
    profileUrl,
  );

  const name = nameOf(profile);
  if (name) add('personalInfo', 'gravatar_name_public', 'medium', name, `The public Gravatar profile shows the name "${name}"`, profileUrl);

  const place = [text(profile.location), text(profile.timezone) && `time zone ${text(profile.timezone)}`].filter(isText).join('; ');
  if (place) add('locationData', 'gravatar_location_public', 'medium', place, `The public Gravatar profile shows where this person is: ${place}`, profileUrl);

  const job = jobOf(profile);
  if (job) add('personalInfo', 'gravatar_employer_public', 'medium', job, `The public Gravatar profile shows the job "${job}"`, profileUrl);

  const contact = contactOf(profile);
  if (contact.items.length > 0) {
    const value = contact.items.join('; ');
    add(
      'personalInfo',
      'gravatar_contact_public',
      contact.direct ? 'high' : 'medium',
      value,
      `The public Gravatar profile lists contact details: ${value}`,
      profileUrl,
    );
  }

  const accounts = (profile.verified_accounts ?? [])
    .filter((account) => !account.is_hidden)
    .map((account) => labelled(text(account.service_label) ?? text(account.service_type), text(account.url)))
    .filter(isText);
  if (accounts.length > 0) {
    const value = accounts.join('; ');
    add('socialMedia', 'gravatar_accounts_public', 'medium', value, `The public Gravatar profile links ${count(accounts.length, 'verified account')}: ${value}`, profileUrl);
  }

  const links = (profile.links ?? []).map((link) => labelled(text(link.label), text(link.url))).filter(isText);
  if (links.length > 0) {
    const value = links.join('; ');
    add('socialMedia', 'gravatar_links_public', 'low', value, `The public Gravatar profile lists ${count(links.length, 'link')}: ${value}`, profileUrl);
  }

  const avatar = text(profile.avatar_url);
  if (avatar) add('personalInfo', 'gravatar_avatar_public', 'low', avatar, 'The public Gravatar profile shows a profile picture for this address', httpsUrl(avatar));

  const about = aboutOf(profile);
  if (about.length > 0) {
    const value = about.join('; ');
    add('personalInfo', 'gravatar_about_public', 'low', value, `The public Gravatar profile shares personal details: ${value}`, profileUrl);
  }

  return findings;
}

function nameOf(profile: GravatarProfile): string | undefined {
  const fullName = [text(profile.first_name), text(profile.last_name)].filter(isText).join(' ');
  const display = text(profile.display_name);
  if (!fullName) return display;
  if (!display || display.toLowerCase() === fullName.toLowerCase()) return fullName;
  return `${fullName} (shown as "${display}")`;
}

function jobOf(profile: GravatarProfile): string | undefined {
  const title = text(profile.job_title);
  const company = text(profile.company);
  if (title && company) return `${title} at ${company}`;
  return title ?? company;
}

const CONTACT_FIELDS = [
  ['cell_phone', 'mobile phone', true],
  ['home_phone', 'home phone', true],
  ['work_phone', 'work phone', true],
  ['email', 'email', true],
  ['contact_form', 'contact form', false],
  ['calendar', 'calendar', false],
] as const;

/** Contact details; `direct` when a phone number or address is among them (not only a form or calendar link). */
function contactOf(profile: GravatarProfile): { items: string[]; direct: boolean } {
  const items: string[] = [];
  let direct = false;
  for (const [field, label, isDirect] of CONTACT_FIELDS) {
    const value = text(profile.contact_info?.[field]);
    if (!value) continue;
    items.push(`${label}: ${value}`);
    direct ||= isDirect;
  }
  return { items, direct };
}

function aboutOf(profile: GravatarProfile): string[] {
  const languages = (profile.languages ?? []).map((language) => text(language.name) ?? text(language.code)).filter(isText);
  const interests = (profile.interests ?? []).map((interest) => text(interest.name)).filter(isText);
  return [
    text(profile.description) && `bio: ${text(profile.description)}`,
    text(profile.pronouns) && `pronouns: ${text(profile.pronouns)}`,
    text(profile.pronunciation) && `name pronunciation: ${text(profile.pronunciation)}`,
    languages.length > 0 && `languages: ${languages.join(', ')}`,
    interests.length > 0 && `interests: ${interests.join(', ')}`,
  ].filter(isText);
}

function labelled(label: string | undefined, url: string | undefined): string | undefined {
  if (label && url) return `${label} (${url})`;
  return url ?? label;
}

/** A trimmed non-empty string, or undefined (profiles carry empty strings for unset fields). */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** Only https links go into evidence.url (the contract's rule). */
function httpsUrl(value: string | undefined): string | undefined {
  const candidate = text(value);
  return candidate && /^https:\/\/[^\s]+$/i.test(candidate) ? candidate : undefined;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
