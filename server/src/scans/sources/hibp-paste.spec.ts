import { hibpPasteDetail } from '../breaches/breach-lookup.service';
import { toPaste } from './hibp.source';

describe("HIBP's pastes", () => {
  it.each([
    [{ Source: 'Pastebin', Id: '8Q0BvKD8', Title: 'syslog', Date: '2014-03-04T19:14:54Z', EmailCount: 139 }, true],
    [{ Source: 'AdHocUrl', Id: 'http://example.com/dump.txt', Title: null, Date: null, EmailCount: 12 }, true],
    [{ Source: 'Pastebin', Id: '', Title: null, Date: null, EmailCount: 1 }, false],
    [{ Source: 'Pastebin', Id: 'x', Title: 3, Date: null, EmailCount: 1 }, false],
    [{ Source: 'Pastebin', Id: 'x', Title: null, Date: 'yesterday', EmailCount: 1 }, false],
    [{ Source: 'Pastebin', Id: 'x', Title: null, Date: null, EmailCount: -1 }, false],
    [['Pastebin'], false],
  ])('%# reads a paste field by field, refusing a malformed one whole', (raw, ok) => {
    expect(toPaste(raw) !== undefined).toBe(ok);
  });

  it('shows a paste with its site, day and size; links only to an https page', () => {
    expect(hibpPasteDetail({ Source: 'Pastebin', Id: '8Q0BvKD8', Title: 'syslog', Date: '2014-03-04T19:14:54Z', EmailCount: 139 })).toEqual({
      source: 'hibp',
      site: 'Pastebin',
      id: '8Q0BvKD8',
      title: 'syslog',
      date: '2014-03-04',
      recordCount: 139,
      evidence: { summary: 'Have I Been Pwned lists this address in a paste on Pastebin (2014-03-04) with 139 addresses', observed: 'Pastebin 8Q0BvKD8: syslog', url: 'https://pastebin.com/8Q0BvKD8' },
    });
    expect(hibpPasteDetail({ Source: 'AdHocUrl', Id: 'http://example.com/dump.txt', Title: null, Date: null, EmailCount: null }).evidence).toEqual({
      summary: 'Have I Been Pwned lists this address in a paste on a web page',
      observed: 'AdHocUrl http://example.com/dump.txt',
    });
  });
});
