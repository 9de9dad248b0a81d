/**
 * Lossless HEIF metadata removal (HEIC, HEIF, AVIF). The meta box is rebuilt without metadata
 * items (Exif, XMP and other mime or uri items, anything that describes another item through a
 * "cdsc" reference), thumbnails and what only they use, and without descriptive properties (user
 * description, creation and modification times). The coded image items (tiles, grids, overlays,
 * alpha, depth and gain-map planes) and derived items (an ISO 21496-1 tone map, "tmap", whose data
 * are the gain map's rendering numbers) keep their bytes exactly, their references and their
 * properties too, rotation (irot) and mirroring (imir) included: those are how the picture is
 * shown, not metadata.
 *
 * Layout of the copy: ftyp as it was, the rebuilt meta (iloc rewritten for the new offsets), then
 * one mdat holding only the kept items' data. Image sequences (a moov box: animated AVIF, HEIF
 * bursts) keep their media data, minus the dropped items', with every chunk offset rewritten, lose
 * their user-data and metadata boxes, and have the creation and modification times of their movie,
 * track and media headers zeroed (as mat2 does; 0 is the format's "not set"). Every other top-level box (free space, uuid boxes) is
 * dropped, and so is data no kept item uses.
 */
import { ByteSink, concatBytes, MalformedImageError } from './bytes.util';
import {
  Box,
  droppedItems,
  HEIF_DESCRIPTIVE_PROPERTIES,
  HeifFile,
  HeifItem,
  ItemLocation,
  itemRanges,
  MOOV_CONTAINERS,
  MOOV_METADATA,
  printable,
  readBoxes,
  readHeif,
} from './heif-structure.reader';
import { SEQUENCE_DATED_HEADERS, sequenceTimes } from './heif-sequence.rules';

/** Children of meta copied as they are (besides the ones rebuilt here). */
const META_KEPT: ReadonlySet<string> = new Set(['hdlr', 'pitm', 'dinf']);

interface Range {
  start: number;
  end: number;
}

/** Old byte ranges placed one after another from `origin`: maps an old offset to its new place. */
class Relocation {
  private readonly segments: Array<Range & { to: number }> = [];

  constructor(ranges: readonly Range[], origin: number) {
    let at = origin;
    for (const r of ranges) {
      this.segments.push({ ...r, to: at });
      at += r.end - r.start;
    }
  }

  /** The new offset of old offset `start` whose data runs to `end`, both in one copied range. */
  map(start: number, end = start): number {
    let lo = 0;
    let hi = this.segments.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.segments[mid];
      if (start < s.start) hi = mid - 1;
      else if (start >= s.end && !(start === s.end && end === start)) lo = mid + 1;
      else {
        if (end > s.end) break;
        return s.to + (start - s.start);
      }
    }
    throw new MalformedImageError('HEIF image data lies outside the media data');
  }
}

/** Sorted, merged ranges (touching ranges join). */
function merge(ranges: Range[]): Range[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** `ranges` minus `holes` (both merged). */
function subtract(ranges: Range[], holes: Range[]): Range[] {
  const out: Range[] = [];
  for (const r of ranges) {
    let start = r.start;
    for (const h of holes) {
      if (h.end <= start || h.start >= r.end) continue;
      if (h.start > start) out.push({ start, end: h.start });
      start = Math.max(start, h.end);
    }
    if (start < r.end) out.push({ start, end: r.end });
  }
  return out;
}

class Writer {
  private readonly parts: number[] = [];

  u8(v: number) {
    this.parts.push(v & 0xff);
    return this;
  }
  u16(v: number) {
    return this.u8(v >>> 8).u8(v);
  }
  u32(v: number) {
    return this.u16(Math.floor(v / 0x10000)).u16(v & 0xffff);
  }
  uint(v: number, size: number) {
    if (size === 0) return this;
    if (size === 4) return this.u32(v);
    return this.u32(Math.floor(v / 0x100000000)).u32(v % 0x100000000);
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((sum, p) => sum + p.length, 0);
  const header = new Writer().u32(size).bytes();
  const name = Uint8Array.from(type, (c) => c.charCodeAt(0));
  return concatBytes([header, name, ...parts]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Uint8Array[]): Uint8Array {
  return box(type, new Writer().u8(version).u8(flags >>> 16).u16(flags & 0xffff).bytes(), ...parts);
}

const slice = (bytes: Uint8Array, b: Box) => bytes.subarray(b.start, b.end);

interface Plan {
  file: HeifFile;
  kept: HeifItem[];
  dropped: Set<number>;
  removed: string[];
  /** New 1-based property index per old one (properties kept). */
  propertyIndex: Map<number, number>;
  idatRanges: Range[];
  idatMap: Relocation;
}

function itemLabel(item: HeifItem): string {
  if (item.type === 'mime') return item.contentType === 'application/rdf+xml' ? 'XMP item' : `mime item (${item.contentType ?? 'unknown type'})`;
  if (item.type === 'Exif') return 'Exif item';
  return `${printable(item.type).trim() || 'untyped'} item`;
}

function planItems(bytes: Uint8Array, file: HeifFile): Plan {
  const meta = file.meta;
  const damaged = meta.problems.filter((p) => !p.endsWith('(cut short)'));
  if (damaged.length) throw new MalformedImageError(`The HEIF structure is damaged (${damaged.join(', ')})`);
  if (meta.primaryId === undefined || !meta.items.has(meta.primaryId)) throw new MalformedImageError('The HEIF file names no primary image');
  const dropped = droppedItems(meta);
  if (dropped.has(meta.primaryId)) throw new MalformedImageError('The HEIF primary image is a metadata item');
  const removed: string[] = [];
  const thumbnails = new Set(meta.references.filter((r) => r.type === 'thmb').map((r) => r.from));
  for (const id of dropped) {
    const item = meta.items.get(id);
    if (item) removed.push(thumbnails.has(id) ? 'thumbnail item' : itemLabel(item));
  }
  const kept = [...meta.items.values()].filter((item) => !dropped.has(item.id));

  // Properties used by kept items, without the descriptive ones.
  const used = new Set<number>();
  for (const item of kept) {
    for (const link of meta.associations.get(item.id) ?? []) {
      const property = meta.properties[link.index - 1];
      if (!property) continue;
      if (HEIF_DESCRIPTIVE_PROPERTIES.has(property.type)) removed.push(`${property.type} property`);
      else used.add(link.index);
    }
  }
  const propertyIndex = new Map<number, number>();
  [...used].sort((a, b) => a - b).forEach((old, i) => propertyIndex.set(old, i + 1));

  const idatRanges = merge(
    kept.flatMap((item) => {
      const location = meta.locations.get(item.id);
      return location?.constructionMethod === 1 ? (itemRanges(file, bytes, location) ?? []) : [];
    }),
  );
  return { file, kept, dropped, removed, propertyIndex, idatRanges, idatMap: new Relocation(idatRanges, meta.idat?.payload ?? 0) };
}

/** The iloc box for the kept items; `fileMap` places construction-0 data in the new file. */
function buildIloc(bytes: Uint8Array, plan: Plan, fileMap: Relocation | undefined): Uint8Array {
  const meta = plan.file.meta;
  const entries: Array<{ id: number; method: number; dataRef: number; extents: Array<{ index?: number; offset: number; length: number }> }> = [];
  for (const item of plan.kept) {
    const location = meta.locations.get(item.id);
    if (!location) continue;
    entries.push({ id: item.id, method: location.constructionMethod, dataRef: location.dataReferenceIndex, extents: relocate(bytes, plan, location, fileMap) });
  }
  const values = entries.flatMap((e) => e.extents.flatMap((x) => [x.offset, x.length]));
  const size = values.some((v) => v > 0xffffffff) ? 8 : 4;
  const indexSize = entries.some((e) => e.extents.some((x) => x.index !== undefined)) ? 4 : 0;
  const version = entries.some((e) => e.id > 0xffff) ? 2 : 1;
  const w = new Writer().u8((size << 4) | size).u8(indexSize); // offset, length | base offset 0, index
  if (version === 2) w.u32(entries.length);
  else w.u16(entries.length);
  for (const e of entries) {
    if (version === 2) w.u32(e.id);
    else w.u16(e.id);
    w.u16(e.method).u16(e.dataRef).u16(e.extents.length);
    for (const x of e.extents) w.uint(x.index ?? 0, indexSize).uint(x.offset, size).uint(x.length, size);
  }
  return fullBox('iloc', version, 0, w.bytes());
}

/** An item's extents at their new places (the base offset folded in, zero lengths made explicit). */
function relocate(bytes: Uint8Array, plan: Plan, location: ItemLocation, fileMap: Relocation | undefined) {
  const ranges = itemRanges(plan.file, bytes, location);
  if (!ranges) return location.extents.map((x) => ({ index: x.index, offset: location.baseOffset + x.offset, length: x.length }));
  const idatPayload = plan.file.meta.idat?.payload ?? 0;
  return ranges.map((r) => {
    if (location.constructionMethod === 1) return { offset: plan.idatMap.map(r.start, r.end) - idatPayload, length: r.end - r.start };
    return { offset: fileMap ? fileMap.map(r.start, r.end) : 0, length: r.end - r.start };
  });
}

function buildIinf(bytes: Uint8Array, plan: Plan): Uint8Array {
  const version = plan.file.meta.iinfVersion;
  const count = version === 0 ? new Writer().u16(plan.kept.length) : new Writer().u32(plan.kept.length);
  return fullBox('iinf', version, 0, count.bytes(), ...plan.kept.map((item) => slice(bytes, item.box)));
}

function buildIref(plan: Plan): Uint8Array | undefined {
  const refs = plan.file.meta.references
    .filter((r) => !plan.dropped.has(r.from))
    .map((r) => ({ ...r, to: r.to.filter((id) => !plan.dropped.has(id)) }))
    .filter((r) => r.to.length > 0);
  if (refs.length === 0) return undefined;
  const wide = refs.some((r) => r.from > 0xffff || r.to.some((id) => id > 0xffff));
  const parts = refs.map((r) => {
    const w = new Writer();
    if (wide) w.u32(r.from);
    else w.u16(r.from);
    w.u16(r.to.length);
    for (const id of r.to) {
      if (wide) w.u32(id);
      else w.u16(id);
    }
    return box(r.type, w.bytes());
  });
  return fullBox('iref', wide ? 1 : 0, 0, ...parts);
}

function buildIprp(bytes: Uint8Array, plan: Plan): Uint8Array {
  const meta = plan.file.meta;
  const properties = [...plan.propertyIndex.keys()].map((old) => slice(bytes, meta.properties[old - 1]));
  const entries = plan.kept
    .map((item) => ({
      id: item.id,
      links: (meta.associations.get(item.id) ?? []).filter((l) => plan.propertyIndex.has(l.index)).map((l) => ({ ...l, index: plan.propertyIndex.get(l.index)! })),
    }))
    .filter((e) => e.links.length > 0)
    .sort((a, b) => a.id - b.id);
  const version = entries.some((e) => e.id > 0xffff) ? 1 : 0;
  const wide = entries.some((e) => e.links.some((l) => l.index > 0x7f)) ? 1 : 0;
  const w = new Writer().u32(entries.length);
  for (const e of entries) {
    if (version === 1) w.u32(e.id);
    else w.u16(e.id);
    w.u8(e.links.length);
    for (const l of e.links) {
      if (wide) w.u16((l.essential ? 0x8000 : 0) | l.index);
      else w.u8((l.essential ? 0x80 : 0) | l.index);
    }
  }
  return box('iprp', box('ipco', ...properties), fullBox('ipma', version, wide, w.bytes()));
}

/** grpl: entity groups without the dropped items (a group left empty goes). */
function buildGrpl(bytes: Uint8Array, grpl: Box, dropped: Set<number>): Uint8Array | undefined {
  const groups: Uint8Array[] = [];
  for (const group of readBoxes(bytes, grpl.payload, grpl.end)) {
    const at = group.payload;
    if (at + 12 > group.end) continue;
    const u32 = (i: number) => bytes[i] * 0x1000000 + ((bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]);
    const count = u32(at + 8);
    const listEnd = at + 12 + count * 4;
    if (listEnd > group.end) throw new MalformedImageError('A HEIF entity group is truncated');
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push(u32(at + 12 + i * 4));
    const keep = ids.filter((id) => !dropped.has(id));
    if (keep.length === 0) continue;
    const w = new Writer().u32(u32(at + 4)).u32(keep.length);
    for (const id of keep) w.u32(id);
    groups.push(box(group.type, bytes.subarray(at, at + 4), w.bytes(), bytes.subarray(listEnd, group.end)));
  }
  return groups.length ? box('grpl', ...groups) : undefined;
}

function buildMeta(bytes: Uint8Array, plan: Plan, fileMap: Relocation | undefined): Uint8Array {
  const meta = plan.file.meta;
  const children: Uint8Array[] = [];
  for (const child of meta.children) {
    if (META_KEPT.has(child.type)) children.push(slice(bytes, child));
    else if (child.type === 'iinf') children.push(buildIinf(bytes, plan));
    else if (child.type === 'iloc') children.push(buildIloc(bytes, plan, fileMap));
    else if (child.type === 'iprp') children.push(buildIprp(bytes, plan));
    else if (child.type === 'iref') {
      const iref = buildIref(plan);
      if (iref) children.push(iref);
    } else if (child.type === 'idat') {
      if (plan.idatRanges.length) children.push(box('idat', ...plan.idatRanges.map((r) => bytes.subarray(r.start, r.end))));
    } else if (child.type === 'grpl') {
      const grpl = buildGrpl(bytes, child, plan.dropped);
      if (grpl) children.push(grpl);
    } else plan.removed.push(`meta box "${printable(child.type).trim()}"`);
  }
  const metaHeader = bytes.subarray(meta.box.payload, meta.box.payload + 4); // version and flags
  return box('meta', metaHeader, ...children);
}

/** moov without user data and metadata, its chunk offsets moved with the media data. */
function buildMoov(bytes: Uint8Array, container: Box, fileMap: Relocation | undefined, removed: string[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const child of readBoxes(bytes, container.payload, container.end)) {
    if (MOOV_METADATA.has(child.type)) {
      removed.push(`${container.type}/${child.type}`);
      continue;
    }
    if (MOOV_CONTAINERS.has(child.type)) parts.push(buildMoov(bytes, child, fileMap, removed));
    else if (child.type === 'stco' || child.type === 'co64') parts.push(chunkOffsets(bytes, child, fileMap));
    else if (SEQUENCE_DATED_HEADERS.has(child.type)) {
      // Creation and modification times zeroed ("not set"), in place: the box keeps its size.
      const copy = bytes.slice(child.start, child.end);
      const times = sequenceTimes(bytes, child.payload, child.end);
      if (times.created || times.modified) {
        copy.fill(0, times.at - child.start, times.at - child.start + times.length);
        removed.push(`${container.type}/${child.type} dates`);
      }
      parts.push(copy);
    }
    else if (child.type === 'saio') throw new MalformedImageError('HEIF sequences with auxiliary sample offsets are not supported');
    else parts.push(slice(bytes, child));
  }
  return box(container.type, ...parts);
}

function chunkOffsets(bytes: Uint8Array, b: Box, fileMap: Relocation | undefined): Uint8Array {
  const out = bytes.slice(b.start, b.end);
  const view = new DataView(out.buffer);
  const body = b.payload - b.start + 4;
  if (body + 4 > out.length) throw new MalformedImageError('A HEIF chunk offset box is truncated');
  const count = view.getUint32(body);
  const size = b.type === 'co64' ? 8 : 4;
  if (body + 4 + count * size > out.length) throw new MalformedImageError('A HEIF chunk offset box is truncated');
  for (let i = 0; i < count; i++) {
    const at = body + 4 + i * size;
    const old = size === 4 ? view.getUint32(at) : Number(view.getBigUint64(at));
    const moved = fileMap ? fileMap.map(old) : 0;
    if (size === 4) view.setUint32(at, moved);
    else view.setBigUint64(at, BigInt(moved));
  }
  return out;
}

export function stripHeif(bytes: Uint8Array): { out: ByteSink; report: { removed: string[] } } {
  const file = readHeif(bytes);
  const plan = planItems(bytes, file);
  const ftyp = file.boxes[0];
  if (ftyp.type !== 'ftyp') throw new MalformedImageError('The HEIF file does not start with ftyp');
  const moov = file.boxes.find((b) => b.type === 'moov');
  if (file.boxes.some((b) => b.type === 'moof')) throw new MalformedImageError('Fragmented HEIF sequences are not supported');
  for (const b of file.boxes) if (!['ftyp', 'meta', 'moov', 'mdat'].includes(b.type)) plan.removed.push(`box "${printable(b.type).trim()}"`);

  // The media data the copy keeps: the kept items' file extents; for a sequence, every mdat's
  // payload except the dropped items' data (its samples' sizes are not needed then).
  const keptRanges = merge(
    plan.kept.flatMap((item) => {
      const location = file.meta.locations.get(item.id);
      return location && location.constructionMethod === 0 ? (itemRanges(file, bytes, location) ?? []) : [];
    }),
  );
  let media = keptRanges;
  if (moov) {
    const droppedRanges = merge(
      [...plan.dropped].flatMap((id) => {
        const location = file.meta.locations.get(id);
        return location && location.constructionMethod === 0 ? (itemRanges(file, bytes, location) ?? []) : [];
      }),
    );
    const mdats = merge(file.boxes.filter((b) => b.type === 'mdat').map((b) => ({ start: b.payload, end: b.end })));
    media = merge([...subtract(mdats, subtract(droppedRanges, keptRanges)), ...keptRanges]);
  }

  // Sizes do not depend on the offsets written (fixed field sizes): lay out once, then write.
  const metaSize = buildMeta(bytes, plan, undefined).length;
  const moovSize = moov ? buildMoov(bytes, moov, undefined, []).length : 0;
  const mediaSize = media.reduce((sum, r) => sum + r.end - r.start, 0);
  const mdatHeader = mediaSize + 8 > 0xffffffff ? 16 : 8;
  const mediaStart = ftyp.end - ftyp.start + metaSize + moovSize + mdatHeader;
  const fileMap = new Relocation(media, mediaStart);

  const out = new ByteSink();
  out.push(slice(bytes, ftyp));
  out.push(buildMeta(bytes, plan, fileMap));
  if (moov) out.push(buildMoov(bytes, moov, fileMap, plan.removed));
  const header = new Writer();
  if (mdatHeader === 16) header.u32(1).u32(0x6d646174).uint(mediaSize + 16, 8);
  else header.u32(mediaSize + 8).u32(0x6d646174);
  out.push(header.bytes());
  for (const r of media) out.push(bytes.subarray(r.start, r.end));
  const dataBefore = file.boxes.filter((b) => b.type === 'mdat').reduce((sum, b) => sum + b.end - b.payload, 0);
  if (dataBefore > mediaSize && !moov) plan.removed.push(`${dataBefore - mediaSize} bytes of media data no kept image uses`);
  return { out, report: { removed: plan.removed } };
}

/**
 * The checks stripHeif makes, without building the copy: the plan (primary image, metadata and
 * thumbnails found), every kept item's data inside the file, entity groups readable. Image
 * sequences go through the whole strip (their chunk offsets need walking).
 */
export function checkHeifStrip(bytes: Uint8Array, file: HeifFile = readHeif(bytes)): void {
  if (file.boxes[0]?.type !== 'ftyp') throw new MalformedImageError('The HEIF file does not start with ftyp');
  if (file.boxes.some((b) => b.type === 'moov' || b.type === 'moof')) {
    stripHeif(bytes);
    return;
  }
  const plan = planItems(bytes, file);
  for (const item of plan.kept) {
    const location = file.meta.locations.get(item.id);
    if (location) itemRanges(file, bytes, location);
  }
  for (const child of file.meta.children) if (child.type === 'grpl') buildGrpl(bytes, child, plan.dropped);
}
