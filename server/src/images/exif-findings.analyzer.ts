/**
 * The image check's analyzer: a pure function from what the readers found (ImageMetadata) to
 * findings, each with a redacted value, a severity, a recommendation and the fields it was read
 * from, and the risk score from the catalogue's weights.
 */
import { IMAGE_TYPE_INFO, type ImageType } from '../browser-shared/metadata-strip/image-upload.rules';
import {
  EXIF_FINDING_CATEGORIES,
  EXIF_RISK_CATALOGUE,
  EXIF_SEVERITIES,
  ExifFindingCategory,
  ExifSeverity,
  STRIP_ADVICE,
} from '../vocabulary/image-risk.catalogue';
import {
  displayTime,
  formatBytes,
  maskAddress,
  maskContactsIn,
  maskEmail,
  maskIdentifier,
  maskPhone,
  maskSerial,
  maskWords,
  roundedCoordinates,
  truncate,
  urlHost,
} from '../common/privacy/redaction.util';
import { stripProblem, WalkedStructure } from '../browser-shared/metadata-strip/metadata.stripper';
import { readImageMetadata } from './image-metadata.reader';
import type { ContactKind, EmbeddedImage, ImageMetadata, MetadataValue, PersonRole, SerialKind, TimeStamp } from './image-metadata.types';

export interface ExifFinding {
  category: ExifFindingCategory;
  severity: ExifSeverity;
  description: string;
  redactedValue: string;
  recommendation: string;
  /** The metadata fields the value was read from ("EXIF Artist", "XMP dc:creator"). */
  sources: string[];
}

export interface ExifAnalysis {
  riskScore: number;
  findings: ExifFinding[];
}

/** Whether 'Strip Metadata' can clean this file, and if not, why and what to do instead. */
export interface StripAvailability {
  possible: boolean;
  message: string | null;
}

/** What the check answers for one image: the analysis, the type it was read as, and whether the strip can clean it. */
export interface ImageCheck extends ExifAnalysis {
  imageType: ImageType;
  strip: StripAvailability;
}

/**
 * Reads an image and turns what it gives away into findings: the whole check, in one call. The
 * strip's own checks (without making the copy) say whether everything found can be removed.
 */
export async function checkImage(bytes: Uint8Array): Promise<ImageCheck> {
  // The strip check reuses the structure the reader walked (one walk of a GIF's blocks or a HEIF's boxes, not two).
  const walked: WalkedStructure = {};
  const metadata = await readImageMetadata(bytes, walked);
  const problem = stripProblem(bytes, walked);
  const { riskScore, findings } = analyzeImageMetadata(metadata);
  const strip = stripAvailability(problem);
  return { riskScore, findings: strip.possible ? findings : withoutStripAdvice(findings), imageType: metadata.type, strip };
}

/** The findings with advice the person can follow when 'Strip Metadata' cannot clean this file. */
export function withoutStripAdvice(findings: ExifFinding[]): ExifFinding[] {
  return findings.map((f) => ({
    ...f,
    recommendation: f.recommendation.replace(STRIP_ADVICE.available, STRIP_ADVICE.unavailable).replace(STRIP_ADVICE.placeholdersAvailable, STRIP_ADVICE.placeholdersUnavailable),
  }));
}

export function stripAvailability(problem: string | undefined): StripAvailability {
  if (problem === undefined) return { possible: true, message: null };
  return {
    possible: false,
    message:
      `'Strip Metadata' cannot clean this file without changing the picture: ${problem.replace(/\.$/, '')}. ` +
      'Open it in a photo editor and export or save a new copy (that rewrites the file), then check the copy before sharing it.',
  };
}

/** At most this many findings per category; the last one says how many more there were. */
const MAX_PER_CATEGORY = 6;

const SERIAL_LABELS: Record<SerialKind, string> = {
  camera: 'Camera serial number',
  lens: 'Lens serial number',
  internal: "Camera's internal serial number",
  other: 'Accessory serial number',
};

const PERSON_LABELS: Record<Exclude<PersonRole, 'person-in-image'>, string> = {
  artist: "Photographer's name",
  creator: "Creator's name",
  author: "Author's name",
  owner: "Camera owner's name",
  copyright: 'Copyright holder',
  credit: 'Credit line',
  writer: "Caption writer's name",
  computer: 'Computer name',
};

const CONTACT_LABELS: Record<ContactKind, string> = {
  email: 'Email address',
  phone: 'Phone number',
  address: 'Postal address',
  url: 'Website',
};

const EMBEDDED_LABELS: Record<EmbeddedImage['kind'], string> = {
  thumbnail: 'Embedded thumbnail',
  preview: 'Embedded preview image',
  'additional-image': 'Additional image stored in the file',
  'trailing-data': 'Hidden data after the end of the image',
};

/** Precise place fields are masked; cities, regions and countries are shown. */
const PRECISE_PLACE = /Sub-?location|Iptc4xmpCore:Location$|Extadr/i;

const WHITESPACE = /\s+/g;

interface Grouped {
  value: string;
  sources: string[];
}

const byValue = (item: MetadataValue) => item.value.toLowerCase().replace(WHITESPACE, ' ');

/** Same value (ignoring case and spacing) from several fields → one entry listing every field. */
function group<T extends MetadataValue>(items: readonly T[], key: (item: T) => string = byValue): Array<Grouped & { first: T }> {
  // Most lists are empty or hold one value: no keys, no map to build.
  if (items.length <= 1) return items.length === 0 ? [] : [{ value: items[0].value, sources: [items[0].origin], first: items[0] }];
  const map = new Map<string, Grouped & { first: T }>();
  const groups: Array<Grouped & { first: T }> = [];
  for (const item of items) {
    const k = key(item);
    const existing = map.get(k);
    if (existing) {
      if (!existing.sources.includes(item.origin)) existing.sources.push(item.origin);
    } else {
      const entry = { value: item.value, sources: [item.origin], first: item };
      map.set(k, entry);
      groups.push(entry);
    }
  }
  return groups;
}

/** The items that pass: the list itself when all do (most lists are empty; results are only read). */
function only<T>(items: readonly T[], test: (item: T) => boolean): readonly T[] {
  for (let i = 0; i < items.length; i++) if (!test(items[i])) return items.filter(test);
  return items;
}

const ZERO_SERIAL = /^[0\s-]*$/;
const isZeroSerial = (value: string) => ZERO_SERIAL.test(value);

class FindingList {
  readonly findings: ExifFinding[] = [];

  add(category: ExifFindingCategory, description: string, redactedValue: string, sources: string[]) {
    const entry = EXIF_RISK_CATALOGUE[category];
    const where = sources.length ? ` (${sources.join(', ')})` : '';
    this.findings.push({ category, severity: entry.severity, description: `${description}${where}`, redactedValue, recommendation: entry.recommendation, sources });
  }

  /** Adds up to MAX_PER_CATEGORY findings for a category. */
  addAll<T>(category: ExifFindingCategory, items: readonly T[], make: (item: T) => [string, string, string[]]) {
    const shown = Math.min(items.length, MAX_PER_CATEGORY);
    for (let i = 0; i < shown; i++) {
      const [description, value, sources] = make(items[i]);
      const more = i === shown - 1 && items.length > shown ? ` — and ${items.length - shown} more` : '';
      this.add(category, `${description}${more}`, value, sources);
    }
  }
}

type TimeGroup = Grouped & { zone?: string; kinds: TimeStamp['kind'][] };

const classOf = (kind: TimeStamp['kind']) => (kind === 'original' || kind === 'digitized' ? 'capture' : kind === 'gps' ? 'gps' : 'edit');

/** Times grouped by value within three classes: when taken, when edited, the GPS fix's time. */
function groupTimes(times: readonly TimeStamp[]): { capture: TimeGroup[]; edit: TimeGroup[]; gps: TimeGroup[] } {
  const groups: { capture: TimeGroup[]; edit: TimeGroup[]; gps: TimeGroup[] } = { capture: [], edit: [], gps: [] };
  // A file holds a few times (at most the collector's 200): a search beats building maps.
  for (const t of times) {
    const list = groups[classOf(t.kind)];
    const existing = list.find((g) => g.value === t.value);
    if (existing) {
      if (!existing.sources.includes(t.origin)) existing.sources.push(t.origin);
      existing.zone ??= t.timeZone;
      if (!existing.kinds.includes(t.kind)) existing.kinds.push(t.kind);
    } else list.push({ value: t.value, sources: [t.origin], zone: t.timeZone, kinds: [t.kind] });
  }
  return groups;
}

function embeddedValue(image: EmbeddedImage): string {
  const size = image.width && image.height ? `${image.width}×${image.height}, ` : '';
  return `${size}${formatBytes(image.byteLength)}`;
}

export function analyzeImageMetadata(m: ImageMetadata): ExifAnalysis {
  const list = new FindingList();

  // Location
  const fixes = only(m.gps, (g) => !g.placeholder);
  list.addAll('location', group(fixes.map((g) => ({ value: roundedCoordinates(g.latitude, g.longitude), origin: g.origin }))), (g) => [
    'GPS coordinates of where the photo was taken, shown here rounded to about 1 km',
    g.value,
    g.sources,
  ]);
  if (fixes.length === 0 && m.gps.some((g) => g.placeholder)) {
    list.add('location_placeholder', 'GPS fields hold 0, 0: a placeholder written when the device had no fix, not a location', '0.00, 0.00 (no fix)', m.gps.map((g) => g.origin));
  }
  list.addAll('place_names', group(m.places), (p) => ['Place name', PRECISE_PLACE.test(p.sources.join(' ')) ? maskWords(p.value) : p.value, p.sources]);

  // Identity
  const people = only(m.people, (p) => p.role !== 'person-in-image');
  list.addAll('owner_identity', group(people), (p) => [PERSON_LABELS[p.first.role as keyof typeof PERSON_LABELS], maskWords(p.value), p.sources]);
  list.addAll('people_in_image', group(only(m.people, (p) => p.role === 'person-in-image')), (p) => ['Name of a person tagged in the photo', maskWords(p.value), p.sources]);
  list.addAll('contact_details', group(m.contacts), (c) => {
    const kind = c.first.kind;
    const value = kind === 'email' ? maskEmail(c.value) : kind === 'phone' ? maskPhone(c.value) : kind === 'url' ? urlHost(c.value) : maskAddress(c.value);
    return [CONTACT_LABELS[kind], value, c.sources];
  });
  list.addAll('serial_number', group(only(m.serials, (s) => !isZeroSerial(s.value)), (s) => `${s.kind}|${s.value}`), (s) => [
    SERIAL_LABELS[s.first.kind],
    maskSerial(s.value),
    s.sources,
  ]);
  if (m.makerNotes && !m.makerNotes.decoded) {
    list.add('maker_notes', `Maker notes from ${m.makerNotes.vendor} present — may hold serial or owner`, `${formatBytes(m.makerNotes.byteLength)} of vendor data`, ['EXIF MakerNote']);
  }

  // Hidden images
  list.addAll('embedded_image', m.embeddedImages, (image) => {
    const why = image.kind === 'trailing-data' ? ' — it may hold another picture or a video' : ' — it can show the picture as it was before editing or cropping';
    return [`${EMBEDDED_LABELS[image.kind]}${why}`, embeddedValue(image), [image.origin]];
  });

  list.addAll('ai_generation', group(m.aiGeneration), (a) => ['Image generation prompt or settings', truncate(maskContactsIn(a.value), 80), a.sources]);

  // Time
  const times = groupTimes(m.times);
  const taken = times.capture.find((t) => t.kinds.includes('original')) ?? times.capture[0];
  if (taken) {
    const zone = taken.zone ? 'Date, time and time zone the photo was taken' : 'Date and time the photo was taken';
    list.add('capture_time', zone, displayTime(taken.value, taken.zone), taken.sources);
  }
  const fix = times.gps[0];
  if (fix) list.add('capture_time', 'Date and time of the GPS fix', displayTime(fix.value, fix.zone), fix.sources);

  list.addAll('unique_id', group(m.uniqueIds), (u) => ['Unique image identifier: it lets copies of this photo be matched', maskIdentifier(u.value), u.sources]);

  // Device and software
  if (m.make || m.model) {
    const make = m.make?.value ?? '';
    const model = m.model?.value ?? '';
    const value = model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`.trim();
    list.add('device', 'Camera make and model', value, [m.make?.origin, m.model?.origin].filter((o): o is string => !!o));
  }
  list.addAll('device', group(m.lens).slice(0, 1), (l) => ['Lens model', l.value, l.sources]);
  list.addAll('software', group(m.software), (s) => ['Software used', truncate(maskContactsIn(s.value), 80), s.sources]);

  // A camera writes its ModifyDate at capture: only a different time says the file was edited.
  const edited = times.edit.find((t) => t.kinds.includes('modified') && t.value !== taken?.value);
  if (edited) list.add('editing_history', 'When the file was last edited', displayTime(edited.value, edited.zone), edited.sources);
  const history = group(m.history);
  if (history.length) {
    const steps = history.length === 1 ? '1 entry' : `${history.length} entries`;
    list.add('editing_history', `Editing history and original file names: ${steps}`, truncate(maskContactsIn(history[history.length - 1].value), 80), [...new Set(history.flatMap((h) => h.sources))]);
  }

  list.addAll('comments', group(m.comments), (c) => ['Description or comment', truncate(maskContactsIn(c.value), 80), c.sources]);

  list.addAll('vendor_block', group(m.vendorBlocks), (b) => [`Block from ${b.value} present: it can hold names, serial numbers, places or times this check cannot read`, b.value, b.sources]);
  if (m.otherBlocks.length) {
    list.add('other_metadata', 'Other metadata blocks this check does not interpret', truncate(m.otherBlocks.map((b) => b.value).join(', '), 120), [IMAGE_TYPE_INFO[m.type].label]);
  }
  const placeholders = group(m.placeholders, (p) => `${p.origin}|${p.value}`);
  if (placeholders.length) {
    const shown = placeholders.slice(0, 6).map((p) => `${p.sources[0].replace(/^.* /, '')}: ${p.value}`);
    const more = placeholders.length > shown.length ? ` and ${placeholders.length - shown.length} more` : '';
    list.add('placeholder_text', 'Fields holding placeholder text, not a name or caption', truncate(`${shown.join('; ')}${more}`, 160), [...new Set(placeholders.flatMap((p) => p.sources))]);
  }
  if (m.unreadable.length) {
    list.add('unreadable_metadata', 'Part of the file is damaged: metadata that could not be read', truncate(m.unreadable.join('; '), 160), []);
  }

  const findings = sortFindings(list.findings);
  return { riskScore: riskScore(findings), findings };
}

const rank = (f: ExifFinding) => EXIF_SEVERITIES.indexOf(f.severity) * EXIF_FINDING_CATEGORIES.length + EXIF_FINDING_CATEGORIES.indexOf(f.category);

/**
 * By severity, then category, in place and stable: an insertion sort (a file has a few dozen
 * findings at most), without the work arrays Array.prototype.sort allocates on every call.
 */
function sortFindings(findings: ExifFinding[]): ExifFinding[] {
  for (let i = 1; i < findings.length; i++) {
    const finding = findings[i];
    const r = rank(finding);
    let j = i;
    for (; j > 0 && rank(findings[j - 1]) > r; j--) findings[j] = findings[j - 1];
    findings[j] = finding;
  }
  return findings;
}

/** The catalogue's weights of the categories present, each counted once, capped at 100. */
export function riskScore(findings: readonly Pick<ExifFinding, 'category'>[]): number {
  let score = 0;
  for (let i = 0; i < findings.length; i++) {
    const { category } = findings[i];
    let counted = false;
    for (let j = 0; j < i && !counted; j++) counted = findings[j].category === category;
    if (!counted) score += EXIF_RISK_CATALOGUE[category].weight;
  }
  return Math.min(100, score);
}
