import type { CapturedRequest, PageVisit } from '../../../browser-audit/capture.types';
import type { Finding } from '../../../vocabulary/finding.types';
import { FINDING_SOURCES } from '../../../vocabulary/recommendation.catalogue';

/** Evidence stays small: this many lines per finding, each URL cut to this length. */
export const MAX_LINES = 8;
const MAX_URL = 160;

export function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/** Host ends with `domain` (itself or a subdomain). */
export function hostIs(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** A URL cut for evidence: origin and path kept, the query shortened. */
export function shortUrl(raw: string, max = MAX_URL): string {
  return raw.length <= max ? raw : `${raw.slice(0, max - 1)}…`;
}

export function cappedLines(lines: readonly string[], max = MAX_LINES): string {
  const unique = [...new Set(lines)];
  const shown = unique.slice(0, max);
  if (unique.length > max) shown.push(`… and ${unique.length - max} more`);
  return shown.join('\n');
}

/**
 * Every parameter a request carries: its query string, and a body that is form-encoded or JSON
 * (top-level and one level of nesting, as `a.b`), so pixel events read the same whether sent as
 * an image URL, a form POST or a beacon with a JSON body.
 */
export function requestParams(request: Pick<CapturedRequest, 'url' | 'body'>): Map<string, string[]> {
  const params = new Map<string, string[]>();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    params.set(key, [...(params.get(key) ?? []), text]);
  };
  const url = parseUrl(request.url);
  url?.searchParams.forEach((value, key) => add(key, value));
  const body = request.body?.trim();
  if (body) {
    if (body.startsWith('{') || body.startsWith('[')) {
      try {
        const json = JSON.parse(body) as unknown;
        for (const item of Array.isArray(json) ? json : [json]) {
          if (!item || typeof item !== 'object') continue;
          for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
            add(key, value);
            if (value && typeof value === 'object' && !Array.isArray(value)) for (const [inner, v] of Object.entries(value as Record<string, unknown>)) add(`${key}.${inner}`, v);
          }
        }
      } catch {
        // not JSON after all
      }
    } else if (/^[^\s=&]+=/.test(body)) {
      new URLSearchParams(body).forEach((value, key) => add(key, value));
    }
  }
  return params;
}

/** The requests of a visit with their parsed URL (unparseable ones left out). */
export function parsedRequests(visit: PageVisit): { request: CapturedRequest; url: URL }[] {
  const out: { request: CapturedRequest; url: URL }[] = [];
  for (const request of visit.requests) {
    const url = parseUrl(request.url);
    if (url) out.push({ request, url });
  }
  return out;
}

/** One finding for the scripts a browser test caught, named by their hosts, each script's line as evidence. */
export function scriptsFinding(
  scripts: ReadonlyMap<string, string>,
  finding: { type: 'canvas_fingerprinting' | 'canvas_font_fingerprinting'; label: string; summary: string },
): Finding[] {
  if (scripts.size === 0) return [];
  const hosts = [...new Set([...scripts.keys()].map((script) => parseUrl(script)?.hostname ?? script))];
  return [
    {
      group: 'metadata',
      detail: {
        kind: 'risk',
        type: finding.type,
        value: `${finding.label} by ${hosts.slice(0, 5).join(', ')}${hosts.length > 5 ? ', …' : ''}`,
        source: FINDING_SOURCES.browserAudit,
        risk: 'high',
        evidence: { summary: finding.summary, observed: cappedLines([...scripts.values()]) },
      },
    },
  ];
}
