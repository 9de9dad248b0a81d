/**
 * Gathers what the readers find into one ImageMetadata: cleans values, sorts them into the right
 * list by the field catalogue's target, and drops exact repeats (same value from the same place).
 */
import type { ImageType } from '../browser-shared/metadata-strip/image-upload.rules';
import {
  ContactKind,
  emptyMetadata,
  EmbeddedImage,
  GpsFix,
  ImageMetadata,
  MetadataValue,
  SerialKind,
  TimeKind,
} from './image-metadata.types';
import type { FieldTarget } from './metadata-fields.catalogue';
import { cleanText, contactKind, emailsIn, isPlaceholder, isSerialSentinel, normalizeTime, notAPersonReason, validCoordinates, valueItems } from './metadata-values.util';

/** Lists whose placeholder values ("unknown", a camera's default caption) are set aside. */
const NAMED_LISTS: ReadonlySet<string> = new Set(['people', 'contacts', 'comments', 'places', 'serials', 'uniqueIds', 'lens']);

/** Each list holds at most this many entries (a hostile file could repeat a field thousands of times). */
const MAX_PER_LIST = 200;

const ZERO_DATE = /^0{4}[:-]0{2}/;

export class MetadataCollector {
  private readonly data: ImageMetadata;
  private readonly seen = new Set<string>();

  constructor(type: ImageType) {
    this.data = emptyMetadata(type);
  }

  private once(list: string, value: string, origin: string): boolean {
    const key = `${list}\u0000${value}\u0000${origin}`;
    if (this.seen.has(key)) return false;
    const size = (this.data[list as keyof ImageMetadata] as unknown[] | undefined)?.length ?? 0;
    if (size >= MAX_PER_LIST) return false;
    this.seen.add(key);
    return true;
  }

  /** Adds a value found in a catalogued field. Lists (XMP Seq, IPTC keywords) add one entry per item. */
  field(target: FieldTarget, raw: unknown, origin: string) {
    const items = target.to === 'comments' || target.to === 'history' ? [valueItems(raw).join(', ')].filter(Boolean) : valueItems(raw);
    for (const item of items) this.text(target, item, origin);
  }

  /** A placeholder in a list of names, captions or owners: set aside, and true. */
  private placeholder(list: string, value: string, origin: string): boolean {
    if (!NAMED_LISTS.has(list) || !isPlaceholder(value, list !== 'serials' && list !== 'uniqueIds')) return false;
    if (this.once('placeholders', value, origin)) this.data.placeholders.push({ value, origin });
    return true;
  }

  /** Adds one text value to the target's list. */
  text(target: FieldTarget, raw: string, origin: string) {
    const value = cleanText(raw);
    if (value === undefined || this.placeholder(target.to, value, origin)) return;
    switch (target.to) {
      case 'make':
        this.data.make ??= { value, origin };
        break;
      case 'model':
        this.data.model ??= { value, origin };
        break;
      case 'people':
        if (this.once('people', value, origin)) this.data.people.push({ value, origin, role: target.role });
        for (const email of emailsIn(value)) this.contact(email, origin, 'email');
        break;
      case 'serials':
        this.serial(value, origin, target.kind, false);
        break;
      case 'times':
        this.time(value, origin, target.kind);
        break;
      case 'contacts':
        this.contact(value, origin, target.kind);
        break;
      case 'comments':
        this.add('comments', { value, origin });
        for (const email of emailsIn(value)) this.contact(email, origin, 'email');
        break;
      case 'lens':
      case 'places':
      case 'software':
      case 'history':
      case 'uniqueIds':
      case 'aiGeneration':
        this.add(target.to, { value, origin });
        break;
    }
  }

  add(list: 'lens' | 'places' | 'software' | 'history' | 'uniqueIds' | 'comments' | 'aiGeneration' | 'vendorBlocks' | 'otherBlocks', entry: MetadataValue) {
    const value = cleanText(entry.value);
    if (value === undefined || this.placeholder(list, value, entry.origin)) return;
    if (this.once(list, value, entry.origin)) this.data[list].push({ value, origin: entry.origin });
  }

  serial(raw: string, origin: string, kind: SerialKind, inMakerNotes: boolean) {
    const value = cleanText(raw);
    if (value === undefined || this.placeholder('serials', value, origin)) return;
    if (isSerialSentinel(value)) {
      // "No Lens", all zeros, one byte repeated: the field says there is no serial.
      if (this.once('placeholders', value, origin)) this.data.placeholders.push({ value, origin });
      return;
    }
    if (this.once('serials', value, origin)) this.data.serials.push({ value, origin, kind, inMakerNotes });
  }

  contact(raw: string, origin: string, kind?: ContactKind) {
    const value = cleanText(raw);
    if (value === undefined || this.placeholder('contacts', value, origin)) return;
    if (this.once('contacts', value, origin)) this.data.contacts.push({ value, origin, kind: kind ?? contactKind(value) });
  }

  /** A date; `timeZone` from a separate offset field wins over one inside the text. */
  time(raw: string, origin: string, kind: TimeKind, timeZone?: string) {
    const text = cleanText(raw);
    if (text === undefined) return;
    const normalized = normalizeTime(text);
    if (!normalized && ZERO_DATE.test(text)) return; // "0000:00:00 00:00:00": no date
    const value = normalized?.value ?? text;
    if (this.once('times', value, origin)) this.data.times.push({ value, origin, kind, timeZone: timeZone ?? normalized?.timeZone });
  }

  /** Sets the time zone of the first time of `kind` read from `originPrefix` (EXIF OffsetTime*). */
  timeZone(kind: TimeKind, originPrefix: string, zone: string | undefined) {
    if (!zone) return;
    const entry = this.data.times.find((t) => t.kind === kind && t.origin.startsWith(originPrefix));
    if (entry) entry.timeZone = zone;
  }

  gps(fix: Omit<GpsFix, 'placeholder'>) {
    if (!validCoordinates(fix.latitude, fix.longitude)) {
      this.unreadable(`${fix.origin} (coordinates out of range)`);
      return;
    }
    const placeholder = fix.latitude === 0 && fix.longitude === 0;
    const key = `${fix.latitude.toFixed(6)},${fix.longitude.toFixed(6)}`;
    if (this.once('gps', key, fix.origin)) this.data.gps.push({ ...fix, placeholder });
  }

  embeddedImage(image: EmbeddedImage) {
    // Sizes read from damaged headers ("1433×4177528807") are left out rather than shown.
    const plausible = (n: number | undefined) => n !== undefined && Number.isInteger(n) && n > 0 && n <= 100_000;
    if (!plausible(image.width) || !plausible(image.height)) {
      image = { ...image };
      delete image.width;
      delete image.height;
    }
    if (!Number.isFinite(image.byteLength) || image.byteLength < 0) image = { ...image, byteLength: 0 };
    if (this.once('embeddedImages', `${image.kind}:${image.byteLength}`, image.origin)) this.data.embeddedImages.push(image);
  }

  makerNotes(notes: ImageMetadata['makerNotes']) {
    this.data.makerNotes ??= notes;
  }

  orientation(value: number | undefined) {
    if (value !== undefined && value >= 1 && value <= 8) this.data.orientation ??= value;
  }

  iccProfile(description: string | undefined) {
    const value = description && cleanText(description);
    if (value) this.data.iccProfile ??= value;
  }

  unreadable(what: string) {
    if (this.once('unreadable', what, '') && !this.data.unreadable.includes(what)) this.data.unreadable.push(what);
  }

  get makeValue(): string | undefined {
    return this.data.make?.value;
  }

  get modelValue(): string | undefined {
    return this.data.model?.value;
  }

  /**
   * The metadata read. Names are judged here, once the make, model and software are all known
   * (they can come after the name fields): a device string or a camera's default line in a name
   * field is set aside as a placeholder, not reported as a person.
   */
  result(): ImageMetadata {
    const people = this.data.people;
    if (people.length) {
      const device = { make: this.data.make?.value, model: this.data.model?.value, software: this.data.software.map((s) => s.value) };
      const kept = people.filter((p) => {
        if (p.role === 'person-in-image') return true;
        const reason = notAPersonReason(p.value, device);
        if (!reason) return true;
        if (this.once('placeholders', p.value, p.origin)) this.data.placeholders.push({ value: p.value, origin: p.origin, reason });
        return false;
      });
      if (kept.length !== people.length) this.data.people = kept;
    }
    return this.data;
  }
}
