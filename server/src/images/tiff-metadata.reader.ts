/**
 * TIFF files (their tags, XMP, IPTC and ICC: tiffBlockRecords) plus maker notes,
 * reduced-resolution images and SubIFD previews, and Photoshop's thumbnail. Also the maker-note
 * step shared by every container that carries an EXIF TIFF block.
 */
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { findEntry, IfdReader, TiffIfd } from '../browser-shared/metadata-strip/tiff-ifd.reader';
import { collectTiffRecords, tiffBlockRecords } from './exifr.reader';
import { MetadataCollector } from './metadata.collector';
import { readMakerNotes } from './maker-notes.reader';
import { IFD0_FIELDS } from './metadata-fields.catalogue';
import { decodeCString, decodeUtf16 } from './metadata-values.util';
import { readPhotoshopResources } from './photoshop-resources.reader';

/** Reads the maker note of an EXIF TIFF block into the collector (present-only when undecoded). */
export function collectMakerNotes(c: MetadataCollector, tiff: Uint8Array, prefix: string) {
  let reading;
  try {
    reading = readMakerNotes(IfdReader.fromTiffHeader(tiff, 0, true), c.makeValue, c.modelValue);
  } catch {
    c.unreadable(`${prefix} maker notes (damaged)`);
    return;
  }
  if (!reading) return;
  c.makerNotes({ vendor: reading.vendor, decoded: reading.decoded, byteLength: reading.byteLength });
  for (const s of reading.serials) c.serial(s.value, s.origin, s.kind, true);
  for (const p of reading.people) c.text({ to: 'people', role: p.role }, p.value, p.origin);
  for (const place of reading.places) c.text({ to: 'places' }, place.value, place.origin);
  for (const comment of reading.comments) c.text({ to: 'comments' }, comment.value, comment.origin);
  for (const t of reading.times) c.time(t.value, t.origin, t.kind);
  for (const h of reading.history) c.add('history', h);
  for (const id of reading.uniqueIds) c.add('uniqueIds', id);
  for (const lens of reading.lens) c.add('lens', lens);
  for (const preview of reading.previews) c.embeddedImage(preview);
  if (reading.damaged.length) c.unreadable(`${reading.vendor} maker notes: ${reading.damaged.join(', ')}`);
}

/** The descriptive tags of a further page (or a thumbnail's directory): software, dates, names... */
function pageFields(c: MetadataCollector, reader: IfdReader, ifd: TiffIfd, index: number) {
  for (const field of IFD0_FIELDS) {
    const entry = findEntry(ifd, field.tag);
    const bytes = entry && reader.valueBytes(entry);
    if (!bytes) continue;
    const text = field.tag >= 0x9c9b && field.tag <= 0x9c9f ? decodeUtf16(bytes, reader.littleEndian) : decodeCString(bytes);
    c.text(field.target, text, `TIFF page ${index + 1} ${field.name}`);
  }
}

function sum(values: number[] | undefined): number {
  return (values ?? []).reduce((a, b) => a + b, 0);
}

export async function readTiffMetadata(bytes: Uint8Array, c: MetadataCollector) {
  let reader: IfdReader;
  try {
    // The version word is not needed to read on: a damaged one is noted (detectImageType only lets BigTIFF's real header away).
    reader = IfdReader.fromTiffHeader(bytes, 0, true);
    reader.readIfd(reader.firstIfdOffset);
  } catch {
    throw new MalformedImageError('The TIFF structure is damaged');
  }
  if (reader.u16(2) !== 42) c.unreadable('TIFF header (damaged version number)');
  try {
    const out = await tiffBlockRecords(bytes);
    // In a TIFF file the second IFD is another page or a thumbnail, judged below, not EXIF's IFD1.
    delete out.ifd1;
    collectTiffRecords(c, out, 'EXIF', bytes);
  } catch {
    c.unreadable('TIFF tags (damaged)');
  }
  collectMakerNotes(c, bytes, 'EXIF');

  try {
    const chain = reader.readChain(reader.firstIfdOffset);
    chain.forEach((ifd, index) => {
      if (index > 0) pageFields(c, reader, ifd, index);
      const newType = reader.uint(findEntry(ifd, 254));
      const dims = { width: reader.uint(findEntry(ifd, 256)), height: reader.uint(findEntry(ifd, 257)) };
      if (index > 0 && newType !== undefined && (newType & 1) === 1) {
        // Summed only for a reduced-resolution page: a photo's own page can have thousands of strips.
        const counts = findEntry(ifd, 279) ?? findEntry(ifd, 325);
        const size = sum(counts && reader.uints(counts, 4096));
        c.embeddedImage({ kind: 'thumbnail', origin: `TIFF reduced-resolution image (IFD${index})`, byteLength: size, ...dims });
      }
      const subIfds = findEntry(ifd, 330);
      for (const offset of (subIfds && reader.uints(subIfds, 16)) ?? []) {
        const sub = reader.readIfd(offset);
        const subCounts = findEntry(sub, 279) ?? findEntry(sub, 514);
        const subSize = sum(subCounts && reader.uints(subCounts, 4096));
        c.embeddedImage({
          kind: 'preview',
          origin: 'TIFF SubIFD image',
          byteLength: subSize,
          width: reader.uint(findEntry(sub, 256)),
          height: reader.uint(findEntry(sub, 257)),
        });
      }
      const photoshop = findEntry(ifd, 34377);
      const resources = photoshop && reader.valueBytes(photoshop);
      if (resources) {
        const ps = readPhotoshopResources(resources);
        if (ps.thumbnail) c.embeddedImage({ kind: 'thumbnail', origin: 'Photoshop thumbnail', ...ps.thumbnail });
      }
    });
  } catch {
    c.unreadable('TIFF image directories (damaged)');
  }
}
