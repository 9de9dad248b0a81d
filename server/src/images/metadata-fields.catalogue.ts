/**
 * Which metadata fields say something about a person, and what: EXIF tags (by number), IPTC
 * datasets, XMP properties, PNG text keywords, ImageMagick's `exif:*` keys and the keywords image
 * generators write. The readers are driven by these tables; a field not listed here is not
 * reported (apart from GPS, thumbnails and maker notes, which have readers of their own).
 */
import type { ContactKind, PersonRole, SerialKind, TimeKind } from './image-metadata.types';

export type FieldTarget =
  | { to: 'make' }
  | { to: 'model' }
  | { to: 'lens' }
  | { to: 'people'; role: PersonRole }
  | { to: 'serials'; kind: SerialKind }
  | { to: 'times'; kind: TimeKind }
  | { to: 'contacts'; kind?: ContactKind }
  | { to: 'places' }
  | { to: 'software' }
  | { to: 'history' }
  | { to: 'uniqueIds' }
  | { to: 'comments' }
  | { to: 'aiGeneration' };

export interface TagField {
  tag: number;
  name: string;
  target: FieldTarget;
}

const people = (role: PersonRole): FieldTarget => ({ to: 'people', role });
const serial = (kind: SerialKind): FieldTarget => ({ to: 'serials', kind });
const time = (kind: TimeKind): FieldTarget => ({ to: 'times', kind });
const to = <T extends FieldTarget['to']>(target: T) => ({ to: target }) as FieldTarget;

/** IFD0 (and TIFF files' first IFD). */
export const IFD0_FIELDS: readonly TagField[] = [
  { tag: 0x000b, name: 'ProcessingSoftware', target: to('software') },
  { tag: 0x010d, name: 'DocumentName', target: to('history') },
  { tag: 0x010e, name: 'ImageDescription', target: to('comments') },
  { tag: 0x010f, name: 'Make', target: to('make') },
  { tag: 0x0110, name: 'Model', target: to('model') },
  { tag: 0x0131, name: 'Software', target: to('software') },
  { tag: 0x0132, name: 'ModifyDate', target: time('modified') },
  { tag: 0x013b, name: 'Artist', target: people('artist') },
  { tag: 0x013c, name: 'HostComputer', target: people('computer') },
  { tag: 0x8298, name: 'Copyright', target: people('copyright') },
  { tag: 0x9c9b, name: 'XPTitle', target: to('comments') },
  { tag: 0x9c9c, name: 'XPComment', target: to('comments') },
  { tag: 0x9c9d, name: 'XPAuthor', target: people('author') },
  { tag: 0x9c9e, name: 'XPKeywords', target: to('comments') },
  { tag: 0x9c9f, name: 'XPSubject', target: to('comments') },
  { tag: 0xc62f, name: 'CameraSerialNumber', target: serial('camera') },
  { tag: 0xc68b, name: 'OriginalRawFileName', target: to('history') },
];

/** The EXIF sub-IFD. */
export const EXIF_FIELDS: readonly TagField[] = [
  { tag: 0x9003, name: 'DateTimeOriginal', target: time('original') },
  { tag: 0x9004, name: 'CreateDate', target: time('digitized') },
  { tag: 0x9286, name: 'UserComment', target: to('comments') },
  { tag: 0xa420, name: 'ImageUniqueID', target: to('uniqueIds') },
  { tag: 0xa430, name: 'OwnerName', target: people('owner') },
  { tag: 0xa431, name: 'SerialNumber', target: serial('camera') },
  { tag: 0xa434, name: 'LensModel', target: to('lens') },
  { tag: 0xa435, name: 'LensSerialNumber', target: serial('lens') },
  // EXIF 3.0
  { tag: 0xa436, name: 'ImageTitle', target: to('comments') },
  { tag: 0xa437, name: 'Photographer', target: people('artist') },
  { tag: 0xa438, name: 'ImageEditor', target: people('author') },
  { tag: 0xa43a, name: 'RAWDevelopingSoftware', target: to('software') },
  { tag: 0xa43b, name: 'ImageEditingSoftware', target: to('software') },
  { tag: 0xa43c, name: 'MetadataEditingSoftware', target: to('software') },
];

/** EXIF offset tags: the time zone of each date. */
export const TIME_ZONE_TAGS: Readonly<Record<number, TimeKind>> = {
  0x9010: 'modified',
  0x9011: 'original',
  0x9012: 'digitized',
};

export interface IptcField {
  dataset: number;
  name: string;
  target: FieldTarget;
}

/** IPTC IIM application record (2) datasets. */
export const IPTC_FIELDS: readonly IptcField[] = [
  { dataset: 5, name: 'ObjectName', target: to('comments') },
  { dataset: 25, name: 'Keywords', target: to('comments') },
  { dataset: 40, name: 'SpecialInstructions', target: to('comments') },
  { dataset: 65, name: 'OriginatingProgram', target: to('software') },
  { dataset: 80, name: 'By-line', target: people('creator') },
  { dataset: 90, name: 'City', target: to('places') },
  { dataset: 92, name: 'Sub-location', target: to('places') },
  { dataset: 95, name: 'Province-State', target: to('places') },
  { dataset: 101, name: 'Country-PrimaryLocationName', target: to('places') },
  { dataset: 103, name: 'OriginalTransmissionReference', target: to('uniqueIds') },
  { dataset: 105, name: 'Headline', target: to('comments') },
  { dataset: 110, name: 'Credit', target: people('credit') },
  { dataset: 116, name: 'CopyrightNotice', target: people('copyright') },
  { dataset: 118, name: 'Contact', target: { to: 'contacts' } },
  { dataset: 120, name: 'Caption-Abstract', target: to('comments') },
  { dataset: 122, name: 'Writer-Editor', target: people('writer') },
];

/** IPTC dates: date dataset, time dataset (HHMMSS±HHMM), kind. */
export const IPTC_TIMES: ReadonlyArray<{ date: number; time: number; name: string; kind: TimeKind }> = [
  { date: 55, time: 60, name: 'DateCreated', kind: 'original' },
  { date: 62, time: 63, name: 'DigitalCreationDate', kind: 'digitized' },
];

export interface XmpField {
  /** Namespace prefix as exifr reports it (xap is the old name of xmp). */
  ns: string;
  key: string;
  target: FieldTarget;
  /** Keep the packet's literal text (serials and phone numbers keep their leading zeros). */
  literal?: boolean;
}

export const XMP_FIELDS: readonly XmpField[] = [
  { ns: 'dc', key: 'creator', target: people('creator') },
  { ns: 'dc', key: 'rights', target: people('copyright') },
  { ns: 'dc', key: 'description', target: to('comments') },
  { ns: 'dc', key: 'title', target: to('comments') },
  { ns: 'dc', key: 'subject', target: to('comments') },
  { ns: 'tiff', key: 'Make', target: to('make') },
  { ns: 'tiff', key: 'Model', target: to('model') },
  { ns: 'tiff', key: 'Artist', target: people('artist') },
  { ns: 'tiff', key: 'Copyright', target: people('copyright') },
  { ns: 'tiff', key: 'Software', target: to('software') },
  { ns: 'tiff', key: 'ImageDescription', target: to('comments') },
  { ns: 'tiff', key: 'DateTime', target: time('modified') },
  { ns: 'exif', key: 'DateTimeOriginal', target: time('original') },
  { ns: 'exif', key: 'DateTimeDigitized', target: time('digitized') },
  { ns: 'exif', key: 'UserComment', target: to('comments') },
  { ns: 'exif', key: 'ImageUniqueID', target: to('uniqueIds') },
  { ns: 'exifEX', key: 'BodySerialNumber', target: serial('camera'), literal: true },
  { ns: 'exifEX', key: 'LensSerialNumber', target: serial('lens'), literal: true },
  { ns: 'exifEX', key: 'CameraOwnerName', target: people('owner') },
  { ns: 'exifEX', key: 'LensModel', target: to('lens') },
  { ns: 'aux', key: 'SerialNumber', target: serial('camera'), literal: true },
  { ns: 'aux', key: 'LensSerialNumber', target: serial('lens'), literal: true },
  { ns: 'aux', key: 'OwnerName', target: people('owner') },
  { ns: 'aux', key: 'Lens', target: to('lens') },
  { ns: 'xmp', key: 'CreateDate', target: time('digitized') },
  { ns: 'xmp', key: 'ModifyDate', target: time('modified') },
  { ns: 'xmp', key: 'MetadataDate', target: time('other') },
  { ns: 'xmp', key: 'CreatorTool', target: to('software') },
  { ns: 'xap', key: 'CreateDate', target: time('digitized') },
  { ns: 'xap', key: 'ModifyDate', target: time('modified') },
  { ns: 'xap', key: 'MetadataDate', target: time('other') },
  { ns: 'xap', key: 'CreatorTool', target: to('software') },
  { ns: 'photoshop', key: 'DateCreated', target: time('original') },
  { ns: 'photoshop', key: 'City', target: to('places') },
  { ns: 'photoshop', key: 'State', target: to('places') },
  { ns: 'photoshop', key: 'Country', target: to('places') },
  { ns: 'photoshop', key: 'Credit', target: people('credit') },
  { ns: 'photoshop', key: 'CaptionWriter', target: people('writer') },
  { ns: 'photoshop', key: 'Headline', target: to('comments') },
  { ns: 'photoshop', key: 'History', target: to('history') },
  { ns: 'xmpMM', key: 'DocumentID', target: to('uniqueIds') },
  { ns: 'xmpMM', key: 'OriginalDocumentID', target: to('uniqueIds') },
  { ns: 'xmpMM', key: 'InstanceID', target: to('uniqueIds') },
  { ns: 'xmpMM', key: 'PreservedFileName', target: to('history') },
  { ns: 'crs', key: 'RawFileName', target: to('history') },
  { ns: 'Iptc4xmpCore', key: 'Location', target: to('places') },
  { ns: 'Iptc4xmpExt', key: 'PersonInImage', target: people('person-in-image') },
  { ns: 'plus', key: 'ImageCreator', target: people('creator') },
  { ns: 'plus', key: 'CopyrightOwner', target: people('copyright') },
];

/** Iptc4xmpCore:CreatorContactInfo members. */
export const XMP_CONTACT_FIELDS: Readonly<Record<string, { kind: ContactKind; literal?: boolean } | { place: true }>> = {
  CiEmailWork: { kind: 'email' },
  CiTelWork: { kind: 'phone', literal: true },
  CiUrlWork: { kind: 'url' },
  CiAdrExtadr: { kind: 'address' },
  CiAdrPcode: { kind: 'address', literal: true },
  CiAdrCity: { place: true },
  CiAdrRegion: { place: true },
  CiAdrCtry: { place: true },
};

/** The IPTC "digital source type" values that mean an image was generated or composited by AI. */
export const AI_DIGITAL_SOURCE_TYPES: readonly string[] = ['trainedAlgorithmicMedia', 'compositeWithTrainedAlgorithmicMedia', 'algorithmicMedia'];

/** Standard PNG text keywords (PNG spec 11.3.4.2) and common writers' own, lower-cased. */
export const PNG_TEXT_FIELDS: Readonly<Record<string, { name: string; target: FieldTarget }>> = {
  title: { name: 'Title', target: to('comments') },
  author: { name: 'Author', target: people('author') },
  description: { name: 'Description', target: to('comments') },
  copyright: { name: 'Copyright', target: people('copyright') },
  'creation time': { name: 'Creation Time', target: time('original') },
  software: { name: 'Software', target: to('software') },
  disclaimer: { name: 'Disclaimer', target: to('comments') },
  warning: { name: 'Warning', target: to('comments') },
  source: { name: 'Source', target: to('software') },
  comment: { name: 'Comment', target: to('comments') },
  make: { name: 'Make', target: to('make') },
  model: { name: 'Model', target: to('model') },
  'create-date': { name: 'create-date', target: time('original') },
  'date:create': { name: 'date:create', target: time('other') },
  'date:modify': { name: 'date:modify', target: time('modified') },
  'date:timestamp': { name: 'date:timestamp', target: time('other') },
  'xmp:createdate': { name: 'xmp:CreateDate', target: time('digitized') },
  'xmp:modifydate': { name: 'xmp:ModifyDate', target: time('modified') },
  'xmp:metadatadate': { name: 'xmp:MetadataDate', target: time('other') },
  'xmp:creatortool': { name: 'xmp:CreatorTool', target: to('software') },
};

/**
 * ImageMagick's `exif:*` text keys (it copies EXIF into PNG text this way), by EXIF tag name.
 * GPS keys are read separately (exif:GPSLatitude with exif:GPSLatitudeRef...).
 */
export const IMAGEMAGICK_EXIF_KEYS: Readonly<Record<string, FieldTarget>> = {
  make: to('make'),
  model: to('model'),
  software: to('software'),
  datetime: time('modified'),
  datetimeoriginal: time('original'),
  datetimedigitized: time('digitized'),
  artist: people('artist'),
  copyright: people('copyright'),
  imagedescription: to('comments'),
  usercomment: to('comments'),
  hostcomputer: people('computer'),
  cameraownername: people('owner'),
  bodyserialnumber: serial('camera'),
  serialnumber: serial('camera'),
  lensserialnumber: serial('lens'),
  lensmodel: to('lens'),
  imageuniqueid: to('uniqueIds'),
};

/** Text keywords where image generators leave their prompt and settings. */
export const AI_TEXT_KEYWORDS: readonly string[] = [
  'parameters', // AUTOMATIC1111 / Forge / SD.Next
  'prompt', // ComfyUI (the prompt graph)
  'workflow', // ComfyUI
  'negative_prompt',
  'dream', // InvokeAI (old)
  'sd-metadata', // InvokeAI
  'invokeai_metadata',
  'invokeai_graph',
  'generation_data',
  'fooocus_scheme',
  'ai_metadata',
];

/** Software names of image generators (for the Software keyword and similar). */
export const AI_SOFTWARE_PATTERN = /\b(novelai|stable diffusion|midjourney|dall[-·]?e|comfyui|invokeai|automatic1111|fooocus|firefly|imagen|flux\.?1?)\b/i;

/**
 * Text that fills a field without saying anything: writers' and cameras' defaults, "unknown",
 * dashes. Such values are not names, captions or owners; the check lists them as placeholders
 * (a low note) instead. Written as isPlaceholder compares them: lower case, punctuation and
 * symbols turned into single spaces.
 */
export const PLACEHOLDER_VALUES: ReadonlySet<string> = new Set([
  '', 'unknown', 'none', 'n a', 'na', 'null', 'nil', 'undefined', 'not set', 'not available', 'no name', 'noname', 'unnamed',
  'untitled', 'default', 'anonymous', 'owner', 'user', 'your name', 'name', 'author', 'artist', 'photographer', 'creator',
  'copyright', 'c', 'copyright c', 'all rights reserved', 'image', 'picture', 'photo', 'description', 'comment', 'title',
  // Camera and encoder defaults written into ImageDescription, UserComment or the JPEG comment.
  'olympus digital camera', 'sony dsc', 'kodak digital still camera', 'minolta digital camera', 'konica minolta digital camera',
  'digital camera', 'digital still camera', 'exif jpeg picture', 'dcim', 'lead technologies inc v1 01', 'created with gimp',
  'ascii', 'screenshot',
  // Ricoh's Credit default; Canon's and Nikon's empty owner lines.
  'credit', 'copyright notice',
]);

/** Placeholder shapes: zeros only, "<maker> digital camera", "<maker> dsc", a year with no name ("© 2019"). */
export const PLACEHOLDER_PATTERN = /^(0+|[a-z]+ (digital (still )?camera|dsc)|(c |copyright )?(c )?\d{4})$/;

/**
 * Words that frame a camera's default owner or copyright line around its model name: Ricoh writes
 * "(C) by Caplio RR1 User", others "Copyright <model> owner". Written as isPlaceholder compares
 * them (lower case, punctuation as spaces).
 */
export const DEFAULT_OWNER_FRAME_WORDS: ReadonlySet<string> = new Set(['c', 'copyright', 'by', 'user', 'owner', 'the', 'all', 'rights', 'reserved', 'camera']);

/**
 * Device names that are not people's: an iPhone's HostComputer is its model ("iPhone 13 Pro Max"),
 * a Mac's its kind. Only the bare model matches: "Jane's iPhone" stays a name. Compared with the
 * normalized value (lower case, punctuation as spaces).
 */
export const DEVICE_NAME_PATTERN =
  /^(apple )?(iphone|ipad|ipod|ipod touch|mac|macbook|macbook air|macbook pro|imac|imac pro|mac mini|mac pro|mac studio|pixel|galaxy [a-z]+\d*|sm [a-z]\d+[a-z]*)( (\d+(st|nd|rd|th)?|[a-z]?\d+[a-z]?|pro|max|plus|mini|air|se|xr|xs|x|ultra|fe|lite|e|a|generation|inch|cellular|wi fi|wifi))*$/;

/** Serial fields' values that say there is no serial: a lens-less body, an unset field. */
export const SERIAL_SENTINELS: ReadonlySet<string> = new Set(['no lens', 'none', 'unknown', 'n a', 'not available', 'serial number', 'invalid', 'null']);
