import { isolatedNames, MAX_REPORT_CHARS } from './isolated.capture';
import { parseFrameReport } from './page.visitor';

const report = {
  frame: 'abc',
  url: 'https://shop.example/',
  canvas: [{ canvas: 1, script: 'https://cdn.example/fp.js', width: 300, height: 150, longestText: 40, fillStyles: ['#f60'], saveRestoreOrListener: false, readbacks: [{ method: 'toDataURL', width: 300, height: 150 }] }],
  fonts: [{ script: 'https://cdn.example/fp.js', fonts: 60, measureTextSameText: 60, measureTextCalls: 61 }],
  listeners: [{ type: 'keydown', script: 'https://rec.example/r.js' }],
  apis: [],
  cookieWrites: [],
};

describe('what reaches the server from a frame', () => {
  it('keeps a well-formed snapshot', () => {
    expect(parseFrameReport(JSON.stringify(report))).toEqual(report);
  });

  it('drops one past the size cap without reading it, one that is not JSON and one without the shape', () => {
    const padded = JSON.stringify({ ...report, url: 'x'.repeat(MAX_REPORT_CHARS) });
    expect(parseFrameReport(padded)).toBeUndefined();
    expect(parseFrameReport('{"frame":')).toBeUndefined();
    expect(parseFrameReport(JSON.stringify({ ...report, canvas: 'no' }))).toBeUndefined();
    expect(parseFrameReport(JSON.stringify({ ...report, listeners: [{ type: 1, script: 'x' }] }))).toBeUndefined();
  });

  it('cuts lists and strings to their caps', () => {
    const many = { ...report, apis: Array.from({ length: 300 }, (_, i) => ({ api: `navigator.x${i}`, script: 's'.repeat(600) })) };
    const parsed = parseFrameReport(JSON.stringify(many))!;
    expect(parsed.apis).toHaveLength(200);
    expect(parsed.apis[0].script).toHaveLength(500);
  });

  it('names the channel, world and binding anew for every visit, in the form the in-page script accepts', () => {
    const first = isolatedNames();
    const second = isolatedNames();
    for (const name of Object.values(first)) expect(name).toMatch(/^[a-z][a-z0-9]{15,}$/);
    expect(new Set([...Object.values(first), ...Object.values(second)]).size).toBe(8);
  });
});
