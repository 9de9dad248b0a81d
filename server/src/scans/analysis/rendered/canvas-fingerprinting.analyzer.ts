import type { FrameReport } from '../../../browser-audit/page.instrumentation';
import type { Finding } from '../../../vocabulary/finding.types';
import { scriptsFinding, shortUrl } from './rendered-requests.util';

/**
 * The published criteria for canvas fingerprinting (Englehardt & Narayanan, 2016), applied to
 * each script on each canvas it used:
 *   1. the canvas is at least 16 × 16 pixels;
 *   2. the script wrote text of at least 10 characters, or set at least two fill colours;
 *   3. it never called save(), restore() or addEventListener() on that canvas or its context;
 *   4. it read the image back with toDataURL (or toBlob), or getImageData over at least 16 × 16.
 * A chart drawn for people fails 3 or 4: it saves and restores its state, listens for the
 * pointer, and does not read its pixels back.
 */
export const CANVAS_CRITERIA = { minSide: 16, minText: 10, minFillStyles: 2, minReadSide: 16 } as const;

export function analyzeCanvasFingerprinting(frames: readonly FrameReport[]): Finding[] {
  const scripts = new Map<string, string>();
  for (const frame of frames) {
    for (const use of frame.canvas) {
      if (use.width < CANVAS_CRITERIA.minSide || use.height < CANVAS_CRITERIA.minSide) continue;
      const wroteText = use.longestText >= CANVAS_CRITERIA.minText;
      const colours = use.fillStyles.length >= CANVAS_CRITERIA.minFillStyles;
      if (!wroteText && !colours) continue;
      if (use.saveRestoreOrListener) continue;
      const read = use.readbacks.find(
        (r) => r.method === 'toDataURL' || (r.width >= CANVAS_CRITERIA.minReadSide && r.height >= CANVAS_CRITERIA.minReadSide),
      );
      if (!read || scripts.has(use.script)) continue;
      const drew = [wroteText ? `text of ${use.longestText} characters` : undefined, colours ? `${use.fillStyles.length} fill colours` : undefined].filter(Boolean).join(' and ');
      scripts.set(use.script, `${shortUrl(use.script)}: canvas ${use.width}×${use.height}, drew ${drew}, read it back with ${read.method === 'toDataURL' ? 'toDataURL' : `getImageData (${read.width}×${read.height})`}, never saved or restored it`);
    }
  }
  return scriptsFinding(scripts, {
    type: 'canvas_fingerprinting',
    label: 'Canvas fingerprinting',
    summary: `${scripts.size === 1 ? 'A script' : `${scripts.size} scripts`} drew hidden text on a canvas and read the pixels back, the way device fingerprinting works (Englehardt & Narayanan's criteria)`,
  });
}
