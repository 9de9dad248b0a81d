import type { FrameReport } from '../../../browser-audit/page.instrumentation';
import type { Finding } from '../../../vocabulary/finding.types';
import { scriptsFinding, shortUrl } from './rendered-requests.util';

/**
 * Canvas font fingerprinting: a script that sets the context's font to at least 50 different
 * valid fonts and measures the same text at least 50 times is probing which fonts are installed.
 * A page laying out its own text measures a few fonts, or many texts in one font.
 */
export const FONT_CRITERIA = { minFonts: 50, minMeasureSameText: 50 } as const;

export function analyzeFontFingerprinting(frames: readonly FrameReport[]): Finding[] {
  const scripts = new Map<string, string>();
  for (const frame of frames) {
    for (const use of frame.fonts) {
      if (use.fonts < FONT_CRITERIA.minFonts || use.measureTextSameText < FONT_CRITERIA.minMeasureSameText || scripts.has(use.script)) continue;
      scripts.set(use.script, `${shortUrl(use.script)}: set ${use.fonts} different fonts and measured the same text ${use.measureTextSameText} times (${use.measureTextCalls} measureText calls in all)`);
    }
  }
  return scriptsFinding(scripts, {
    type: 'canvas_font_fingerprinting',
    label: 'Font probing',
    summary: 'A script measured text in dozens of fonts to learn which fonts this device has installed, a common part of device fingerprinting',
  });
}
