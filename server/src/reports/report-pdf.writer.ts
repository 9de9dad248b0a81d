import { readFileSync } from 'node:fs';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { JURISDICTION_LABELS, REQUEST_KIND_LABELS, REQUEST_STATUS_LABELS } from '../requests/request.types';
import type { GpcOutcome } from '../vocabulary/check.types';
import type { RiskLevel } from '../vocabulary/risk.types';
import type { PrivacyTrendDirection } from '../vocabulary/privacy-trend.types';
import type { CategoryLevel, ReportDto } from './reports.dto';

/**
 * The report as an A4 PDF, laid out with pdfkit in DejaVu Sans (embedded, subset: names and places
 * in Latin, Greek and Cyrillic scripts print as written; a character the font lacks, a CJK one
 * say, prints as '?'): title and
 * date, the executive summary's four figures with the trend arrow, the risk assessment table with
 * coloured levels, breach exposures, privacy violations, metadata risks, website audits (browser or
 * HTML only, each browser test's line, Global Privacy Control), recommendations and the person's
 * privacy-rights requests with their outcomes, long
 * text wrapped inside table cells, rows moved to a new page (with the table's header again) when
 * they do not fit, and "Page n of m" on every page.
 */

const MARGIN = 50;
const FOOTER_SPACE = 30;
const PAD = 4;
const BODY_SIZE = 9;
/** A cell never grows past a page: anything longer is cut with an ellipsis. */
const MAX_CELL_CHARS = 700;

const INK = '#1A202C';
const MUTED = '#4A5568';
const RULE = '#CBD5E0';
const HEADER_FILL = '#EDF2F7';
const LEVEL_COLOURS: Readonly<Record<RiskLevel, string>> = { low: '#2F855A', medium: '#B7791F', high: '#C53030', critical: '#822727' };
/** The privacy score's direction: up is good news. */
const TREND: Readonly<Record<PrivacyTrendDirection, { label: string; colour: string }>> = {
  improving: { label: 'Improving', colour: LEVEL_COLOURS.low },
  worsening: { label: 'Worsening', colour: LEVEL_COLOURS.high },
  steady: { label: 'Steady', colour: MUTED },
  'not-enough-history': { label: 'Not enough history yet', colour: MUTED },
};

/** The three faces the report uses, read once from the dejavu-fonts-ttf package. */
const FACES = { Body: 'DejaVuSans.ttf', Bold: 'DejaVuSans-Bold.ttf', Italic: 'DejaVuSans-Oblique.ttf' } as const;
type Face = keyof typeof FACES;
let faces: { files: Record<Face, Buffer>; fonts: Font[] } | undefined;
function loadFaces(): { files: Record<Face, Buffer>; fonts: Font[] } {
  if (!faces) {
    const files = Object.fromEntries(
      Object.entries(FACES).map(([face, file]) => [face, readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))]),
    ) as Record<Face, Buffer>;
    faces = { files, fonts: Object.values(files).map((data) => openFont(data) as Font) };
  }
  return faces;
}

type Doc = PDFKit.PDFDocument;
type Cell = string | { badge: RiskLevel | CategoryLevel };
/** A table's columns in order: each header with its share of the usable width. */
type Columns = Readonly<Record<string, number>>;

export function renderReportPdf(report: ReportDto): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: report.sample ? 'Footprint privacy report (sample)' : 'Footprint privacy report', Author: 'Footprint', CreationDate: new Date(report.generatedAt) },
  });
  for (const [face, data] of Object.entries(loadFaces().files)) doc.registerFont(face, data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  title(doc, report);
  executiveSummary(doc, report);
  const assessment = report.riskAssessment;
  table(
    doc,
    'Risk Assessment',
    { Category: 0.5, Findings: 0.25, 'Risk level': 0.25 },
    [
      ['Data breaches', String(assessment.dataBreaches.findings), { badge: assessment.dataBreaches.level }],
      ['Oversharing', String(assessment.oversharing.findings), { badge: assessment.oversharing.level }],
      ['Location exposure', String(assessment.locationExposure.findings), { badge: assessment.locationExposure.level }],
      ['Metadata risks', String(assessment.metadataRisks.findings), { badge: assessment.metadataRisks.level }],
    ],
  );

  const findings = report.detailedFindings;
  table(
    doc,
    'Breach Exposures',
    { Breach: 0.18, Date: 0.12, Records: 0.12, 'Data types': 0.26, Source: 0.14, 'Found for': 0.18 },
    findings.breachExposures.map((b) => [b.title, b.breachDate, b.pwnCount.toLocaleString('en-US'), b.dataClasses.join(', '), b.source, b.input]),
    'No breach exposures found.',
  );

  table(
    doc,
    'Privacy Violations',
    { Type: 0.14, Risk: 0.12, Finding: 0.3, 'What to do': 0.24, 'Source and input': 0.2 },
    findings.privacyViolations.map((v) => [
      v.type === 'location' ? 'Location' : 'Oversharing',
      { badge: v.riskLevel },
      findingText(v),
      v.recommendation,
      `${v.source}\n${v.input}`,
    ]),
    'No privacy violations found.',
  );

  table(
    doc,
    'Metadata Risks',
    { Risk: 0.12, Finding: 0.36, 'What to do': 0.3, 'Source and input': 0.22 },
    findings.metadataRisks.map((m) => [{ badge: m.riskLevel }, findingText(m), m.recommendation, `${m.source}\n${m.input}`]),
    'No metadata risks found.',
  );

  table(
    doc,
    'Website Audits',
    { Site: 0.22, 'How it was checked': 0.2, 'Browser tests': 0.34, 'Global Privacy Control': 0.24 },
    report.websiteAudits.map((audit) => [
      audit.pageUrl || audit.input,
      `${audit.mode === 'rendered' ? 'Page run in a browser' : `HTML and headers only: ${audit.fallbackReason ?? "the page's scripts were not run"}`}\nHeader grade: ${audit.headerGrade ?? 'not graded'}`,
      audit.tests.map((test) => `${test.label}: ${test.message ?? test.status}`).join('\n') || 'Not run',
      gpcText(audit.gpc),
    ]),
    'No website scanned.',
  );

  table(
    doc,
    'Recommendations',
    { Priority: 0.13, Category: 0.19, 'What to do': 0.68 },
    report.recommendations.map((r) => [{ badge: r.priority }, r.category, `${r.action}\n${r.message}`]),
    'No recommendations.',
  );

  table(
    doc,
    'Privacy-Rights Requests',
    { Organisation: 0.22, Request: 0.24, Status: 0.18, Dates: 0.18, 'Outcome notes': 0.18 },
    report.requests.map((r) => [
      r.context ? `${r.organisationName}\nFor ${r.context}` : r.organisationName,
      `${REQUEST_KIND_LABELS[r.kind]}\n${JURISDICTION_LABELS[r.jurisdiction]}`,
      REQUEST_STATUS_LABELS[r.status],
      requestDates(r),
      r.notes || '—',
    ]),
    'No privacy-rights requests yet.',
  );

  pageNumbers(doc);
  doc.end();
  return done;
}

const GPC_OUTCOME_TEXT: Readonly<Record<GpcOutcome, string>> = {
  honoured: 'Honoured',
  partly_honoured: 'Partly honoured',
  not_honoured: 'Not honoured',
  nothing_to_honour: 'Nothing to honour: no tracking seen either way',
};

/** A request's days: drafted, sent, due, answered, each when known. */
export function requestDates(r: ReportDto['requests'][number]): string {
  return [
    `Drafted ${r.createdAt.slice(0, 10)}`,
    r.sentOn ? `Sent ${r.sentOn}` : null,
    r.dueOn ? `Due ${r.dueOn}` : null,
    r.answeredOn ? `Answered ${r.answeredOn}` : null,
  ]
    .filter((line) => line !== null)
    .join('\n');
}

function gpcText(gpc: ReportDto['websiteAudits'][number]['gpc']): string {
  if (!gpc) return 'Not tested';
  const still = gpc.stillWith.length > 0 ? `\nStill there with it on: ${gpc.stillWith.join(', ')}` : '';
  return `${GPC_OUTCOME_TEXT[gpc.outcome]}${still}`;
}

function title(doc: Doc, report: ReportDto): void {
  doc.fillColor(INK).font('Bold').fontSize(22).text(report.sample ? 'Privacy Report (Sample)' : 'Privacy Report');
  doc.moveDown(0.2);
  doc.font('Body').fontSize(10).fillColor(MUTED).text(`Footprint  |  Generated ${formatDateTime(report.generatedAt)}`);
  if (report.sample) {
    doc.moveDown(0.6);
    const y = doc.y;
    const width = usableWidth(doc);
    const note = 'This is a sample report with made-up data. Run your first privacy scan to see your own report here.';
    const height = doc.heightOfString(note, { width: width - 2 * 8 }) + 2 * 8;
    doc.save().roundedRect(MARGIN, y, width, height, 4).fill('#FEFCBF').restore();
    doc.fillColor(INK).text(clean(note), MARGIN + 8, y + 8, { width: width - 16 });
    doc.x = MARGIN;
    doc.y = y + height;
  }
  doc.moveDown(1);
}

function executiveSummary(doc: Doc, report: ReportDto): void {
  section(doc, 'Executive Summary');
  const { summary } = report;
  const direction = summary.privacyTrend.direction;
  const figures: { label: string; value: string; trend?: PrivacyTrendDirection }[] = [
    { label: 'Total scans', value: String(summary.totalScans) },
    { label: 'Average privacy score', value: summary.averagePrivacyScore === null ? 'n/a' : `${summary.averagePrivacyScore}/100` },
    { label: 'Privacy trend', value: TREND[direction].label, trend: direction },
    { label: 'Recommendations', value: String(summary.recommendationsCount) },
  ];
  const gap = 10;
  const boxWidth = (usableWidth(doc) - gap * (figures.length - 1)) / figures.length;
  // Room for a label on two lines ("AVERAGE PRIVACY / SCORE") above the value.
  const boxHeight = 66;
  const top = doc.y;
  figures.forEach((figure, i) => {
    const x = MARGIN + i * (boxWidth + gap);
    doc.save().lineWidth(0.8).roundedRect(x, top, boxWidth, boxHeight, 4).stroke(RULE).restore();
    doc.font('Body').fontSize(8).fillColor(MUTED).text(figure.label.toUpperCase(), x + 8, top + 8, { width: boxWidth - 16, height: 22 });
    let valueX = x + 8;
    if (figure.trend && figure.trend !== 'not-enough-history') {
      trendArrow(doc, figure.trend, x + 8, top + 34);
      valueX += 18;
    }
    doc
      .font('Bold')
      .fontSize(figure.trend ? 12 : 18)
      .fillColor(figure.trend ? TREND[figure.trend].colour : INK)
      .text(figure.value, valueX, top + (figure.trend ? 36 : 32), { width: boxWidth - (valueX - x) - 8, lineBreak: false });
  });
  doc.x = MARGIN;
  doc.y = top + boxHeight + 6;
  doc
    .font('Body')
    .fontSize(BODY_SIZE)
    .fillColor(MUTED)
    .text(
      `Last scan: ${summary.lastScanDate ? formatDateTime(summary.lastScanDate) : 'Never'}. The privacy score runs from 0 to 100, higher is better; ` +
        'image checks are not part of it. A trend needs an input scanned at least 3 times over at least 7 days.',
    );
  doc.moveDown(1);
}

/** A finding's cell: its sentence, then what was seen. */
function findingText(finding: { description: string; evidence?: string }): string {
  return finding.evidence ? `${finding.description}\nSeen: ${finding.evidence}` : finding.description;
}

/** An arrow 12 points tall: up for an improving score, down for a worsening one, right for steady. */
function trendArrow(doc: Doc, trend: Exclude<PrivacyTrendDirection, 'not-enough-history'>, x: number, y: number): void {
  const { colour } = TREND[trend];
  doc.save().fillColor(colour);
  if (trend === 'steady') {
    doc.rect(x, y + 7, 8, 3).fill().polygon([x + 8, y + 3], [x + 14, y + 8.5], [x + 8, y + 14]).fill();
  } else if (trend === 'worsening') {
    doc.rect(x + 4.5, y, 3, 8).fill().polygon([x, y + 8], [x + 12, y + 8], [x + 6, y + 15]).fill();
  } else {
    doc.rect(x + 4.5, y + 7, 3, 8).fill().polygon([x, y + 7], [x + 12, y + 7], [x + 6, y]).fill();
  }
  doc.restore();
}

/** A heading, on a new page when it and the `keepWith` points after it would not fit. */
function section(doc: Doc, heading: string, keepWith = 40): void {
  if (doc.y + 30 + keepWith > bottomOf(doc)) doc.addPage();
  doc.x = MARGIN;
  doc.font('Bold').fontSize(14).fillColor(INK).text(heading);
  const y = doc.y + 2;
  doc.save().lineWidth(1).moveTo(MARGIN, y).lineTo(MARGIN + usableWidth(doc), y).stroke(RULE).restore();
  doc.y = y + 8;
}

/** A section holding a table: the heading stays with the table's header and first row. */
function table(doc: Doc, heading: string, columns: Columns, rows: Cell[][], empty?: string): void {
  const widths = Object.values(columns).map((share) => share * usableWidth(doc));
  const headers = Object.keys(columns);
  section(doc, heading, rows.length ? rowHeight(doc, widths, headers, true) + rowHeight(doc, widths, rows[0], false) : 40);
  if (rows.length === 0) {
    doc.font('Italic').fontSize(BODY_SIZE).fillColor(MUTED).text(empty ?? '', MARGIN, doc.y);
    doc.moveDown(1.2);
    return;
  }
  const header = () => row(doc, widths, headers, true);
  header();
  for (const cells of rows) {
    if (doc.y + rowHeight(doc, widths, cells, false) > bottomOf(doc)) {
      doc.addPage();
      header();
    }
    row(doc, widths, cells, false);
  }
  doc.x = MARGIN;
  doc.moveDown(1.2);
}

function row(doc: Doc, widths: number[], cells: Cell[], isHeader: boolean): void {
  const top = doc.y;
  const height = rowHeight(doc, widths, cells, isHeader);
  if (isHeader) doc.save().rect(MARGIN, top, sum(widths), height).fill(HEADER_FILL).restore();
  let x = MARGIN;
  cells.forEach((cell, i) => {
    if (typeof cell === 'string') {
      font(doc, isHeader);
      doc.fillColor(INK).text(cellText(cell), x + PAD, top + PAD, { width: widths[i] - 2 * PAD });
    } else {
      const label = cell.badge.toUpperCase();
      doc.font('Bold').fontSize(7.5);
      const badgeWidth = Math.min(widths[i] - 2 * PAD, doc.widthOfString(label) + 10);
      doc.save().roundedRect(x + PAD, top + PAD - 1, badgeWidth, 12, 3).fill(LEVEL_COLOURS[cell.badge]).restore();
      doc.fillColor('#FFFFFF').text(label, x + PAD + 5, top + PAD + 1.5, { width: badgeWidth - 10, lineBreak: false });
    }
    x += widths[i];
  });
  doc.save().lineWidth(0.5).moveTo(MARGIN, top + height).lineTo(MARGIN + sum(widths), top + height).stroke(RULE).restore();
  doc.x = MARGIN;
  doc.y = top + height;
}

function rowHeight(doc: Doc, widths: number[], cells: Cell[], isHeader: boolean): number {
  font(doc, isHeader);
  const heights = cells.map((cell, i) => (typeof cell === 'string' ? doc.heightOfString(cellText(cell), { width: widths[i] - 2 * PAD }) : 12));
  return Math.max(...heights) + 2 * PAD;
}

function font(doc: Doc, bold: boolean): void {
  doc.font(bold ? 'Bold' : 'Body').fontSize(BODY_SIZE);
}

function pageNumbers(doc: Doc): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 10;
    doc.font('Body').fontSize(8).fillColor(MUTED);
    doc.text('Footprint privacy report', MARGIN, y, { width: usableWidth(doc), align: 'left', lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN, y, { width: usableWidth(doc), align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

function usableWidth(doc: Doc): number {
  return doc.page.width - 2 * MARGIN;
}

function bottomOf(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function cellText(value: string): string {
  const text = clean(value);
  return text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS - 1)}\u2026` : text;
}

/** Whether every face has a glyph for the code point, remembered per code point. */
const printable = new Map<number, boolean>();
function canPrint(code: number): boolean {
  let known = printable.get(code);
  if (known === undefined) {
    known = loadFaces().fonts.every((font) => font.hasGlyphForCodePoint(code));
    printable.set(code, known);
  }
  return known;
}

/** Text as the report's fonts can show it: a character they lack becomes '?'; controls but the line break become spaces. */
export function clean(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code < 0x7f || canPrint(code)) out += ch;
    else out += '?';
  }
  return out;
}

function formatDateTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
