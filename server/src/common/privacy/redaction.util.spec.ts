import { displayTime, formatBytes, maskAddress, maskContactsIn, maskEmail, maskIdentifier, maskPhone, maskSerial, maskWords, roundedCoordinates, truncate, urlHost } from './redaction.util';

describe('redaction', () => {
  it('rounds coordinates to two decimals (about 1 km)', () => {
    expect(roundedCoordinates(51.7624083333, -0.3178916667)).toBe('51.76, -0.32');
    expect(roundedCoordinates(-33.856784, 151.215297)).toBe('-33.86, 151.22');
    expect(roundedCoordinates(0.001, -0.004)).toBe('0.00, 0.00');
  });

  it('masks serial numbers but their last characters', () => {
    expect(maskSerial('083024003204')).toBe('••••••••3204');
    expect(maskSerial('K0024263')).toBe('••••4263');
    expect(maskSerial('PI040378D25L000046')).toBe('••••••••0046');
    expect(maskSerial('12345')).toBe('•••45');
    expect(maskSerial('7')).toBe('•7');
  });

  it('masks emails, names, phones, addresses and identifiers', () => {
    expect(maskEmail('pb@meine-ansichten.de')).toBe('p•••@m•••.de');
    expect(maskEmail('drew@drewnoakes.com')).toBe('d•••@d•••.com');
    expect(maskWords('Peter Bemmann')).toBe('P•••• B••••••');
    expect(maskWords('(C) Peter Bemmann')).toBe('(C) P•••• B••••••');
    expect(maskWords('Owner: jane@example.com')).toBe('O••••: j•••@e•••.com');
    expect(maskWords('Zoë Ångström')).toBe('Z•• Å•••••••');
    expect(maskPhone('06136/958638')).toBe('•••••/••••38');
    expect(maskPhone('+1 314 616 8764')).toBe('+• ••• ••• ••64');
    expect(maskAddress('Konrad-Adenauer-Str. 33')).toBe('K•••••-••••••••-•••. ••');
    expect(maskIdentifier('adobe:docid:photoshop:46c99d7e')).toBe('adob••••9d7e');
    expect(urlHost('http://www.meine-ansichten.de/x')).toBe('meine-ansichten.de');
    expect(urlHost('example.org/page')).toBe('example.org');
  });

  it('masks the emails and phone numbers inside free text, and leaves the rest readable', () => {
    expect(maskContactsIn('Sunset at the pier. Prints: jane.doe@example.com or +1 314 616 8764')).toBe('Sunset at the pier. Prints: j•••@e•••.com or +• ••• ••• ••64');
    expect(maskContactsIn('Shot 2019-06-01, 24mm, f/8, ISO 100, 1/250')).toBe('Shot 2019-06-01, 24mm, f/8, ISO 100, 1/250');
    expect(maskContactsIn('Call 06136/958638 (office)')).toBe('Call •••••/••••38 (office)');
  });

  it('formats times, sizes and long text for display', () => {
    expect(displayTime('2010:12:12 12:41:35', '+01:00')).toBe('2010-12-12 12:41:35 UTC+01:00');
    expect(displayTime('2010:12:12 12:41:35', 'Z')).toBe('2010-12-12 12:41:35 UTC');
    expect(displayTime('6/16/09')).toBe('6/16/09');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(5448)).toBe('5.3 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(truncate('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(truncate('short', 10)).toBe('short');
  });
});
