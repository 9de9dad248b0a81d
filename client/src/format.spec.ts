import { formatDate, formatDateTime, formatMoney, formatNumber, formatShortDay } from './format';

describe('formatMoney', () => {
  it('writes cents as dollars, whole amounts without decimals', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(999)).toBe('$9.99');
    expect(formatMoney(1999)).toBe('$19.99');
    expect(formatMoney(4000)).toBe('$40');
    expect(formatMoney(799)).toBe('$7.99');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
  });

  it('writes another currency with its own symbol', () => {
    expect(formatMoney(1050, 'EUR')).toBe('€10.50');
  });
});

describe('dates', () => {
  // Noon UTC is the same calendar day in every time zone the tests may run in.
  it('reads date-only values as UTC days and timestamps in the reader’s zone', () => {
    expect(formatDate('2013-10-04')).toBe('4 October 2013');
    expect(formatDate('2016-08-31T12:19:19Z')).toBe('31 August 2016');
    expect(formatDate(new Date(Date.UTC(2031, 1, 3, 12, 5)))).toBe('3 February 2031');
  });

  it('adds the local time (24-hour) where asked and shortens chart days', () => {
    const at = new Date('2031-02-03T12:05:00Z');
    const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    expect(formatDateTime(at)).toBe(`3 Feb 2031, ${time}`);
    expect(formatShortDay('2031-02-03')).toBe('3 Feb');
  });

  it('keeps what it cannot read', () => {
    expect(formatDate('sometime')).toBe('sometime');
    // A source that gives only the year: shown as the year, never as 1 January.
    expect(formatDate('2019')).toBe('2019');
    expect(formatDateTime('later')).toBe('later');
    expect(formatShortDay('soon')).toBe('soon');
  });
});

describe('formatNumber', () => {
  it('groups thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(3)).toBe('3');
  });
});
