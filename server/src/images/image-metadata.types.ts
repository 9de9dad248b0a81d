/**
 * What the metadata readers found in one image, normalized across EXIF, XMP, IPTC, PNG text, WebP
 * chunks and maker notes. Plain data (it crosses the worker boundary by structured clone); every
 * value says where it was read (`origin`), which becomes the finding's evidence.
 */
import type { ImageType } from '../browser-shared/metadata-strip/image-upload.rules';

export interface MetadataValue {
  value: string;
  /** Where it was read, for people: "EXIF Artist", "XMP dc:creator", "Canon maker notes". */
  origin: string;
}

export interface GpsFix {
  latitude: number;
  longitude: number;
  altitude?: number;
  origin: string;
  /** 0,0 written by devices without a fix: not a location. */
  placeholder: boolean;
}

export type SerialKind = 'camera' | 'lens' | 'internal' | 'other';
export interface SerialNumber extends MetadataValue {
  kind: SerialKind;
  /** Read from a vendor's maker notes (rather than a standard EXIF or XMP field). */
  inMakerNotes: boolean;
}

export type PersonRole = 'artist' | 'creator' | 'author' | 'owner' | 'copyright' | 'credit' | 'writer' | 'computer' | 'person-in-image';
/** A value set aside as not personal; `reason` when it sat in a name field: the file's device, a camera's default line, its software. */
export interface Placeholder extends MetadataValue {
  reason?: 'device' | 'camera default' | 'software';
}

export interface PersonName extends MetadataValue {
  role: PersonRole;
}

export type ContactKind = 'email' | 'phone' | 'address' | 'url';
export interface ContactDetail extends MetadataValue {
  kind: ContactKind;
}

export type TimeKind = 'original' | 'digitized' | 'modified' | 'gps' | 'other';
export interface TimeStamp extends MetadataValue {
  kind: TimeKind;
  /** "+01:00", "Z" when known. */
  timeZone?: string;
}

export type EmbeddedImageKind = 'thumbnail' | 'preview' | 'additional-image' | 'trailing-data';
export interface EmbeddedImage {
  kind: EmbeddedImageKind;
  origin: string;
  byteLength: number;
  width?: number;
  height?: number;
}

export interface MakerNotes {
  /** The camera maker, from the Make tag or the note's own header ("Canon", "Nikon"...). */
  vendor: string;
  /** True when we know this vendor's layout and read it. */
  decoded: boolean;
  byteLength: number;
}

export interface ImageMetadata {
  type: ImageType;
  gps: GpsFix[];
  make?: MetadataValue;
  model?: MetadataValue;
  lens: MetadataValue[];
  serials: SerialNumber[];
  makerNotes?: MakerNotes;
  people: PersonName[];
  contacts: ContactDetail[];
  /** Named places: city, region, country, sub-location, street. */
  places: MetadataValue[];
  times: TimeStamp[];
  software: MetadataValue[];
  /** Editing history: XMP history steps, original file names, derived-from documents. */
  history: MetadataValue[];
  embeddedImages: EmbeddedImage[];
  uniqueIds: MetadataValue[];
  /** Descriptions, comments, captions, titles, keywords. */
  comments: MetadataValue[];
  /** Prompts and settings of image generators (PNG text, XMP digital source type). */
  aiGeneration: MetadataValue[];
  /** Vendors' blocks we do not decode that can hold names, serials, places or times (FlashPix, Ricoh RMETA, C2PA...). */
  vendorBlocks: MetadataValue[];
  /** Blocks we do not interpret that hold settings or unknown data: private PNG chunks, unknown WebP chunks. */
  otherBlocks: MetadataValue[];
  /** Fields that hold only a placeholder ("unknown", "-", a camera's default caption): not personal. */
  placeholders: Placeholder[];
  /** Parts that were present but could not be read (damaged or over our limits). */
  unreadable: string[];
  orientation?: number;
  iccProfile?: string;
}

export function emptyMetadata(type: ImageType): ImageMetadata {
  return {
    type,
    gps: [],
    lens: [],
    serials: [],
    people: [],
    contacts: [],
    places: [],
    times: [],
    software: [],
    history: [],
    embeddedImages: [],
    uniqueIds: [],
    comments: [],
    aiGeneration: [],
    vendorBlocks: [],
    otherBlocks: [],
    placeholders: [],
    unreadable: [],
  };
}
