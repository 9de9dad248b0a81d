/**
 * Lossless TIFF metadata removal: the file is rewritten with only the structural tags a decoder
 * needs (size, sample layout, compression, strips or tiles, colour, orientation, resolution, ICC
 * profile). The strips or tiles are copied byte for byte and their offsets recomputed. Dropped:
 * EXIF, GPS and interoperability IFDs, XMP, IPTC, Photoshop resources, GeoTIFF keys, every
 * descriptive tag (make, model, software, dates, artist, copyright, serials...), SubIFDs and
 * reduced-resolution images (thumbnails). Pages of a multi-page TIFF are kept.
 */
import { ByteSink, MalformedImageError } from './bytes.util';
import { findEntry, IfdReader, MAX_IFDS, TiffEntry, TiffIfd, TIFF_TYPE_SIZES } from './tiff-ifd.reader';

/** Tags needed to decode and display the image. Everything else is metadata. */
export const TIFF_STRUCTURAL_TAGS: ReadonlySet<number> = new Set([
  254, // NewSubfileType
  255, // SubfileType
  256, // ImageWidth
  257, // ImageLength
  258, // BitsPerSample
  259, // Compression
  262, // PhotometricInterpretation
  263, // Threshholding
  264, // CellWidth
  265, // CellLength
  266, // FillOrder
  273, // StripOffsets
  274, // Orientation
  277, // SamplesPerPixel
  278, // RowsPerStrip
  279, // StripByteCounts
  280, // MinSampleValue
  281, // MaxSampleValue
  282, // XResolution
  283, // YResolution
  284, // PlanarConfiguration
  290, // GrayResponseUnit
  291, // GrayResponseCurve
  292, // T4Options
  293, // T6Options
  296, // ResolutionUnit
  301, // TransferFunction
  317, // Predictor
  318, // WhitePoint
  319, // PrimaryChromaticities
  320, // ColorMap
  321, // HalftoneHints
  322, // TileWidth
  323, // TileLength
  324, // TileOffsets
  325, // TileByteCounts
  332, // InkSet
  333, // InkNames
  334, // NumberOfInks
  336, // DotRange
  338, // ExtraSamples
  339, // SampleFormat
  340, // SMinSampleValue
  341, // SMaxSampleValue
  342, // TransferRange
  347, // JPEGTables
  529, // YCbCrCoefficients
  530, // YCbCrSubSampling
  531, // YCbCrPositioning
  532, // ReferenceBlackWhite
  34675, // ICC profile
]);

const STRIP_OFFSETS = 273;
const STRIP_BYTE_COUNTS = 279;
const TILE_OFFSETS = 324;
const TILE_BYTE_COUNTS = 325;
const COMPRESSION = 259;
const NEW_SUBFILE_TYPE = 254;
const SUBFILE_TYPE = 255;
const OLD_JPEG = 6;
const MAX_BLOCKS = 1_000_000;

interface KeptIfd {
  entries: TiffEntry[];
  offsetsTag: number;
  blocks: Array<{ offset: number; length: number }>;
}

function isReducedResolution(reader: IfdReader, ifd: TiffIfd): boolean {
  const newType = reader.uint(findEntry(ifd, NEW_SUBFILE_TYPE));
  const oldType = reader.uint(findEntry(ifd, SUBFILE_TYPE));
  return (newType !== undefined && (newType & 1) === 1) || oldType === 2;
}

function imageBlocks(reader: IfdReader, ifd: TiffIfd): { offsetsTag: number; blocks: KeptIfd['blocks'] } {
  const tiles = findEntry(ifd, TILE_OFFSETS);
  const offsetsTag = tiles ? TILE_OFFSETS : STRIP_OFFSETS;
  const offsetsEntry = tiles ?? findEntry(ifd, STRIP_OFFSETS);
  const countsEntry = findEntry(ifd, tiles ? TILE_BYTE_COUNTS : STRIP_BYTE_COUNTS);
  if (!offsetsEntry || !countsEntry) throw new MalformedImageError('TIFF image has no strip or tile offsets');
  if (offsetsEntry.count > MAX_BLOCKS) throw new MalformedImageError('TIFF image has too many strips or tiles');
  const offsets = reader.uints(offsetsEntry);
  const counts = reader.uints(countsEntry);
  if (!offsets || !counts || offsets.length !== counts.length || offsets.length === 0) {
    throw new MalformedImageError('TIFF strip or tile tables are damaged');
  }
  const blocks = offsets.map((offset, i) => {
    const length = counts[i];
    if (length > 0 && !reader.inRange(offset, length)) throw new MalformedImageError('TIFF image data lies outside the file');
    return { offset: reader.base + offset, length };
  });
  return { offsetsTag, blocks };
}

function keptIfd(reader: IfdReader, ifd: TiffIfd, removedTags: Set<number>): KeptIfd {
  const { offsetsTag, blocks } = imageBlocks(reader, ifd);
  const entries: TiffEntry[] = [];
  const dropped: number[] = [];
  for (const entry of ifd.entries) {
    if (!TIFF_STRUCTURAL_TAGS.has(entry.tag) || TIFF_TYPE_SIZES[entry.type] === undefined) {
      dropped.push(entry.tag);
      continue;
    }
    if (entry.valueOffset < 0) throw new MalformedImageError(`TIFF tag ${entry.tag} points outside the file`);
    entries.push(entry);
  }
  for (const tag of dropped) removedTags.add(tag);
  entries.sort((a, b) => a.tag - b.tag);
  return { entries, offsetsTag, blocks };
}

interface TiffPlan {
  reader: IfdReader;
  kept: KeptIfd[];
  removed: string[];
  removedTags: Set<number>;
  droppedImages: number;
}

/**
 * What the clean copy keeps: the pages, their structural tags and image blocks. Every reason to
 * refuse a file is found here; writing the copy (stripTiff) cannot fail once this has not.
 */
function planTiff(bytes: Uint8Array): TiffPlan {
  // The copy gets a new header: a damaged version word (43 without BigTIFF's header) does not matter.
  const reader = IfdReader.fromTiffHeader(bytes, 0, true);
  // The first page must be readable; a damaged pointer to a further page ends the pages there.
  const chain = [reader.readIfd(reader.firstIfdOffset)];
  const removed: string[] = [];
  for (const seen = new Set([reader.firstIfdOffset]); chain.length < MAX_IFDS; ) {
    const next = chain[chain.length - 1].nextOffset;
    if (next === 0 || seen.has(next)) break;
    seen.add(next);
    try {
      chain.push(reader.readIfd(next));
    } catch (err) {
      if (!(err instanceof MalformedImageError)) throw err;
      removed.push(`damaged image directory at byte ${next}`);
      break;
    }
  }
  const removedTags = new Set<number>();
  let droppedImages = 0;
  const kept: KeptIfd[] = [];
  chain.forEach((ifd, index) => {
    if (index > 0 && isReducedResolution(reader, ifd)) {
      droppedImages++;
      return;
    }
    if (reader.uint(findEntry(ifd, COMPRESSION)) === OLD_JPEG) {
      throw new MalformedImageError('Old-style JPEG-compressed TIFF files cannot be cleaned without re-encoding them');
    }
    try {
      kept.push(keptIfd(reader, ifd, removedTags));
    } catch (err) {
      // A further directory without readable image data has no picture to keep: it is left out
      // (the first page's damage still refuses the file: there would be no image).
      if (index === 0 || !(err instanceof MalformedImageError)) throw err;
      removed.push(`damaged image directory ${index + 1} (${err.message})`);
    }
  });
  return { reader, kept, removed, removedTags, droppedImages };
}

/** Throws what stripTiff would throw, without writing the copy (the image check's strip check). */
export function checkTiffStrip(bytes: Uint8Array): void {
  planTiff(bytes);
}

export function stripTiff(bytes: Uint8Array): { out: ByteSink; report: { removed: string[] } } {
  const { reader, kept, removed, removedTags, droppedImages } = planTiff(bytes);

  const le = reader.littleEndian;
  const out = new ByteSink();
  const align = () => {
    if (out.length & 1) out.push(new Uint8Array(1));
  };
  const header = new Uint8Array(8);
  const headerView = new DataView(header.buffer);
  header[0] = header[1] = le ? 0x49 : 0x4d;
  headerView.setUint16(2, 42, le);
  out.push(header);

  // Image data first, each block at an even offset.
  const newOffsets = kept.map((ifd) =>
    ifd.blocks.map((block) => {
      if (block.length === 0) return 0;
      align();
      const at = out.length;
      out.push(bytes.subarray(block.offset, block.offset + block.length));
      return at;
    }),
  );
  align();

  // Then the directories, each followed by its out-of-line values.
  const built = kept.map((ifd, k) => {
    const entryValues = ifd.entries.map((entry) => {
      if (entry.tag === ifd.offsetsTag) {
        const values = new Uint8Array(4 * newOffsets[k].length);
        const dv = new DataView(values.buffer);
        newOffsets[k].forEach((offset, i) => dv.setUint32(i * 4, offset, le));
        return { tag: entry.tag, type: 4, count: newOffsets[k].length, value: values };
      }
      return { tag: entry.tag, type: entry.type, count: entry.count, value: reader.valueBytes(entry) ?? new Uint8Array(0) };
    });
    const tableSize = 2 + entryValues.length * 12 + 4;
    let valuesSize = 0;
    for (const e of entryValues) if (e.value.length > 4) valuesSize += e.value.length + (e.value.length & 1);
    return { entryValues, size: tableSize + valuesSize };
  });

  const ifdOffsets: number[] = [];
  let cursor = out.length;
  for (const ifd of built) {
    ifdOffsets.push(cursor);
    cursor += ifd.size;
  }
  headerView.setUint32(4, ifdOffsets[0], le);

  built.forEach((ifd, k) => {
    const table = new Uint8Array(2 + ifd.entryValues.length * 12 + 4);
    const tv = new DataView(table.buffer);
    tv.setUint16(0, ifd.entryValues.length, le);
    const extra = new ByteSink();
    let valuesAt = ifdOffsets[k] + table.length;
    ifd.entryValues.forEach((e, i) => {
      const at = 2 + i * 12;
      tv.setUint16(at, e.tag, le);
      tv.setUint16(at + 2, e.type, le);
      tv.setUint32(at + 4, e.count, le);
      if (e.value.length <= 4) table.set(e.value, at + 8);
      else {
        tv.setUint32(at + 8, valuesAt, le);
        extra.push(e.value);
        if (e.value.length & 1) extra.push(new Uint8Array(1));
        valuesAt += e.value.length + (e.value.length & 1);
      }
    });
    tv.setUint32(table.length - 4, k + 1 < ifdOffsets.length ? ifdOffsets[k + 1] : 0, le);
    out.push(table);
    out.append(extra);
  });

  removed.push(...[...removedTags].sort((a, b) => a - b).map((tag) => `tag ${tag}`));
  if (droppedImages > 0) removed.push(`${droppedImages} reduced-resolution image(s)`);
  return { out, report: { removed } };
}
