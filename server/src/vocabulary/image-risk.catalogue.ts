/**
 * The image check's privacy vocabulary: each kind of finding with its severity, its weight in the
 * risk score and what to do about it.
 *
 * Risk score (0-100, higher is riskier): the sum of the weights of the categories found, each
 * category counted once however many findings it has, capped at 100. Location and identity weigh
 * most: a GPS fix alone scores 40 (yellow); a GPS fix plus a name, a serial number or a contact
 * detail reaches the red band (70 and above; the image score's colours: ≥70 red, 40-69 yellow,
 * <40 green). Categories with weight 0 are shown for honesty but do not raise the score.
 */

export const EXIF_SEVERITIES = ['high', 'medium', 'low'] as const;
export type ExifSeverity = (typeof EXIF_SEVERITIES)[number];

export const EXIF_FINDING_CATEGORIES = [
  'location',
  'people_in_image',
  'owner_identity',
  'contact_details',
  'serial_number',
  'place_names',
  'embedded_image',
  'ai_generation',
  'capture_time',
  'unique_id',
  'maker_notes',
  'vendor_block',
  'device',
  'software',
  'editing_history',
  'comments',
  'other_metadata',
  'location_placeholder',
  'placeholder_text',
  'unreadable_metadata',
] as const;
export type ExifFindingCategory = (typeof EXIF_FINDING_CATEGORIES)[number];

export interface ExifRiskEntry {
  /** Short name of the category, for evidence and logs. */
  label: string;
  severity: ExifSeverity;
  /** Points added to the risk score when the category is present. */
  weight: number;
  recommendation: string;
}

const STRIP = "Use 'Strip Metadata' to download a clean copy before sharing.";

/** The advice every recommendation ends with, and what replaces it when 'Strip Metadata' cannot clean the file. */
export const STRIP_ADVICE = {
  available: STRIP,
  unavailable: 'Save a new copy without metadata in a photo editor (export, with metadata off) and check the copy before sharing.',
  placeholdersAvailable: "'Strip Metadata' removes them too.",
  placeholdersUnavailable: "A photo editor's export without metadata removes them too.",
} as const;

export const EXIF_RISK_CATALOGUE: Readonly<Record<ExifFindingCategory, ExifRiskEntry>> = {
  location: {
    label: 'GPS location',
    severity: 'high',
    weight: 40,
    recommendation: `Anyone with the file can see where it was taken. ${STRIP} Turn off location tagging in your camera app.`,
  },
  people_in_image: {
    label: 'People named in the photo',
    severity: 'high',
    weight: 25,
    recommendation: `Face tags name the people in the picture. ${STRIP} Ask before sharing photos that name others.`,
  },
  owner_identity: {
    label: 'Owner or author name',
    severity: 'high',
    weight: 25,
    recommendation: `The file names a person. ${STRIP} Clear the owner and artist names in your camera's settings.`,
  },
  contact_details: {
    label: 'Contact details',
    severity: 'high',
    weight: 25,
    recommendation: `Contact details travel with the image. ${STRIP} Remove them from your editing software's metadata template.`,
  },
  serial_number: {
    label: 'Device serial number',
    severity: 'high',
    weight: 20,
    recommendation: `A serial number links every photo from the same device, across sites and accounts. ${STRIP}`,
  },
  place_names: {
    label: 'Place names',
    severity: 'medium',
    weight: 15,
    recommendation: `Place names reveal where you were even without GPS. ${STRIP}`,
  },
  embedded_image: {
    label: 'Hidden image or data',
    severity: 'medium',
    weight: 15,
    recommendation: `An embedded thumbnail or preview can show the picture before cropping or editing. ${STRIP}`,
  },
  ai_generation: {
    label: 'Image generation details',
    severity: 'medium',
    weight: 10,
    recommendation: `The prompt and settings you used are readable by anyone. ${STRIP}`,
  },
  capture_time: {
    label: 'Date and time taken',
    severity: 'medium',
    weight: 10,
    recommendation: `The exact time (and time zone) reveals your routine and where you were. ${STRIP}`,
  },
  unique_id: {
    label: 'Unique image identifier',
    severity: 'medium',
    weight: 10,
    recommendation: `A unique identifier lets copies of this photo be matched wherever they are posted. ${STRIP}`,
  },
  maker_notes: {
    label: 'Vendor maker notes',
    severity: 'medium',
    weight: 5,
    recommendation: `Maker notes are the camera vendor's private data and often include serial numbers or owner names. ${STRIP}`,
  },
  vendor_block: {
    label: 'Vendor metadata block',
    severity: 'medium',
    weight: 10,
    recommendation: `Camera makers and apps keep their own blocks, which can carry the owner's name, serial numbers, places and times. ${STRIP}`,
  },
  device: {
    label: 'Camera make and model',
    severity: 'low',
    weight: 5,
    recommendation: `The device model narrows down who took the photo. ${STRIP}`,
  },
  software: {
    label: 'Software',
    severity: 'low',
    weight: 5,
    recommendation: `Software names and versions tell others which tools and devices you use. ${STRIP}`,
  },
  editing_history: {
    label: 'Editing history',
    severity: 'low',
    weight: 5,
    recommendation: `Edit dates, original file names and history steps show how the photo was made. ${STRIP}`,
  },
  comments: {
    label: 'Descriptions and comments',
    severity: 'low',
    weight: 5,
    recommendation: `Captions, keywords and comments may say more than you meant to share. ${STRIP}`,
  },
  other_metadata: {
    label: 'Other metadata blocks',
    severity: 'low',
    weight: 3,
    recommendation: `These blocks are not interpreted here but may hold more personal data. ${STRIP}`,
  },
  location_placeholder: {
    label: 'Empty GPS fields',
    severity: 'low',
    weight: 0,
    recommendation: 'The device wrote 0, 0 because it had no GPS fix: no real location is exposed. Location tagging is on, though: turn it off if you do not want it.',
  },
  placeholder_text: {
    label: 'Placeholder text',
    severity: 'low',
    weight: 0,
    recommendation: "These fields hold only a placeholder or a camera's default text, not personal data. 'Strip Metadata' removes them too.",
  },
  unreadable_metadata: {
    label: 'Unreadable metadata',
    severity: 'low',
    // Unknown content: it may hold anything, so it is not scored as nothing.
    weight: 5,
    recommendation: `Part of the metadata is damaged and could not be checked, so it may hold more than is listed here. ${STRIP}`,
  },
};

/**
 * How an image check reads outside its own widget (history, dashboard, report): a labelled level,
 * never its 0-100 risk score (higher is worse), which stays in the widget and is never averaged
 * with privacy scores.
 */
export const IMAGE_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type ImageRiskLevel = (typeof IMAGE_RISK_LEVELS)[number];

/** The risk score's level, on the widget's bands (70 and above high, 40 to 69 medium, below low). */
export function imageRiskLevel(score: number): ImageRiskLevel {
  const band = riskBand(score);
  return band === 'red' ? 'high' : band === 'yellow' ? 'medium' : 'low';
}

/** The spec's colour bands for the risk score. */
export function riskBand(score: number): 'red' | 'yellow' | 'green' {
  if (score >= 70) return 'red';
  if (score >= 40) return 'yellow';
  return 'green';
}

/** Image findings that say where someone is or was: they count as location data, the rest as metadata. */
export const IMAGE_LOCATION_CATEGORIES: ReadonlySet<ExifFindingCategory> = new Set<ExifFindingCategory>(['location', 'place_names']);
