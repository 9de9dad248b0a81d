/**
 * Image sequences made in code (an animated AVIF or a HEIF burst: ftyp, meta with a still primary
 * image, a moov box with one track, mdat holding the still and the track's sample), carrying the
 * dates, places and device data cameras write in the movie's headers and user data.
 */
import { ascii, concat, utf8 } from './image-fixtures';
import { box, fullBox, heifFile, ispe, type HeifItemSpec } from './heif-fixtures';

const u16 = (v: number) => new Uint8Array([(v >> 8) & 0xff, v & 0xff]);
const u32 = (v: number) => new Uint8Array([(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
const u64 = (v: number) => concat(u32(Math.floor(v / 0x100000000)), u32(v % 0x100000000));

/** Seconds since 1904-01-01 of an ISO date ("2018-03-09T14:16:50Z"). */
export const since1904 = (iso: string) => Date.parse(iso) / 1000 + 2_082_844_800;

/** mvhd, tkhd or mdhd with creation and modification times (version 1: 64-bit times). */
function datedHeader(type: 'mvhd' | 'tkhd' | 'mdhd', created: number, modified: number, version: 0 | 1, rest: Uint8Array): Uint8Array {
  const times = version === 1 ? concat(u64(created), u64(modified)) : concat(u32(created), u32(modified));
  return fullBox(type, version, type === 'tkhd' ? 3 : 0, times, rest);
}

/** A classic QuickTime udta text atom (©xyz, ©mak...): length, language, text. */
export const udtaText = (type: string, text: string) => {
  const body = utf8(text);
  return box(type, u16(body.length), u16(0x55c4), body);
};

/** A QuickTime metadata box (hdlr mdta, keys, ilst) holding UTF-8 values. */
export function quicktimeKeys(entries: Array<[string, string]>): Uint8Array {
  const keys = fullBox('keys', 0, 0, u32(entries.length), ...entries.map(([k]) => concat(u32(8 + k.length), ascii('mdta'), ascii(k))));
  const items = entries.map(([, v], i) => concat(u32(8 + 16 + utf8(v).length), u32(i + 1), box('data', u32(1), u32(0), utf8(v))));
  return box('meta', fullBox('hdlr', 0, 0, u32(0), ascii('mdta'), new Uint8Array(13)), keys, box('ilst', ...items));
}

export interface SequenceSpec {
  /** ISO date of capture, written into mvhd, tkhd and mdhd. */
  date?: string;
  version?: 0 | 1;
  /** Extra children of moov's udta (udtaText, quicktimeKeys). */
  udta?: Uint8Array[];
  /** A meta box directly in moov. */
  moovMeta?: Uint8Array;
  major?: 'avis' | 'msf1' | 'hevs';
}

/** A one-track sequence with a still primary image; the sample's chunk offset points at its bytes in mdat. */
export function imageSequence(spec: SequenceSpec = {}): Uint8Array {
  const t = spec.date ? since1904(spec.date) : 0;
  const version = spec.version ?? 0;
  const sample = ascii('SEQUENCE-SAMPLE-0123456789');
  const items: HeifItemSpec[] = [{ id: 1, type: 'av01', data: new Uint8Array(24).fill(7), properties: [ispe(8, 8)] }];
  const moov = (chunkOffset: number) => {
    const stbl = box('stbl', fullBox('stsz', 0, 0, u32(0), u32(1), u32(sample.length)), fullBox('stco', 0, 0, u32(1), u32(chunkOffset)));
    const mdia = box('mdia', datedHeader('mdhd', t, t, version, concat(u32(1000), version === 1 ? u64(100) : u32(100), u16(0x55c4), u16(0))), box('minf', stbl));
    const tkhd = datedHeader('tkhd', t, t, version, concat(u32(1), u32(0), version === 1 ? u64(100) : u32(100), new Uint8Array(60)));
    const mvhd = datedHeader('mvhd', t, t, version, concat(u32(1000), version === 1 ? u64(100) : u32(100), new Uint8Array(80)));
    const udta = spec.udta?.length ? [box('udta', ...spec.udta)] : [];
    return box('moov', mvhd, box('trak', tkhd, mdia), ...udta, ...(spec.moovMeta ? [spec.moovMeta] : []));
  };
  const major = spec.major ?? 'avis';
  const draft = heifFile({ primary: 1, items, unusedMedia: sample, major, after: [moov(0)] });
  const at = Buffer.from(draft).indexOf('SEQUENCE-SAMPLE');
  return heifFile({ primary: 1, items, unusedMedia: sample, major, after: [moov(at)] });
}
