import { AddressAllowlist, AddressRange, checkAddress, classifyAddress, embeddedIpv4, isPublicAddress, parseAddress } from './address.policy';
import ipaddr from 'ipaddr.js';

describe('classifyAddress: refused IPv4 ranges', () => {
  it.each<[string, AddressRange]>([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.0.1', 'private'],
    ['192.168.255.255', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.254', 'carrier-grade-nat'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.254', 'benchmarking'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.99', 'documentation'],
    ['192.0.0.8', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['254.255.255.255', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['192.175.48.1', 'as112'],
    ['192.52.193.1', 'amt'],
  ])('%s is %s', (ip, range) => {
    expect(classifyAddress(ip)).toEqual({ range });
    expect(isPublicAddress(ip)).toBe(false);
  });
});

describe('classifyAddress: IPv4 in every notation URLs accept', () => {
  it.each<[string, AddressRange]>([
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['0x7F.1', 'loopback'],
    ['127.1', 'loopback'],
    ['127.0.1', 'loopback'],
    ['0', 'unspecified'],
    ['2852039166', 'link-local'],
    ['0xa9fea9fe', 'link-local'],
    ['0251.0376.0251.0376', 'link-local'],
    ['169.254.43518', 'link-local'],
    ['012.0.0.1', 'private'],
    ['127.0.0.1.', 'loopback'],
  ])('%s is %s', (ip, range) => {
    expect(classifyAddress(ip)).toEqual({ range });
  });
});

describe('classifyAddress: refused IPv6 ranges', () => {
  it.each<[string, AddressRange]>([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['100::1', 'discard'],
    ['2001:db8::1', 'documentation'],
    ['3fff:123::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'orchid'],
    ['2001:20::1', 'orchid'],
    ['2001:100::1', 'reserved'],
    ['::7f00:1', 'ipv4-compatible'],
    ['::127.0.0.1', 'ipv4-compatible'],
    ['::8.8.8.8', 'ipv4-compatible'],
    ['0:0:0:0:0:0:8.8.8.8', 'ipv4-compatible'],
    ['::ffff:0:8.8.8.8', 'ipv4-translated'],
    ['64:ff9b:1::808:808', 'nat64-local'],
    ['64:ff9b:1:ffff::1', 'nat64-local'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['1::1', 'reserved'],
    ['e000::1', 'reserved'],
  ])('%s is %s', (ip, range) => {
    expect(classifyAddress(ip)).toEqual({ range });
  });

  it('refuses a zone on an otherwise public address', () => {
    expect(classifyAddress('2606:4700::1111%eth0')).toEqual({ range: 'scoped' });
  });
});

describe('classifyAddress: IPv4 embedded in IPv6', () => {
  it.each<[string, AddressRange, string, string]>([
    ['::ffff:127.0.0.1', 'loopback', 'ipv4-mapped', '127.0.0.1'],
    ['::ffff:7f00:1', 'loopback', 'ipv4-mapped', '127.0.0.1'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback', 'ipv4-mapped', '127.0.0.1'],
    ['::FFFF:A9FE:A9FE', 'link-local', 'ipv4-mapped', '169.254.169.254'],
    ['::ffff:10.0.0.1', 'private', 'ipv4-mapped', '10.0.0.1'],
    ['::ffff:0.0.0.0', 'unspecified', 'ipv4-mapped', '0.0.0.0'],
    ['64:ff9b::7f00:1', 'loopback', 'nat64', '127.0.0.1'],
    ['64:ff9b::127.0.0.1', 'loopback', 'nat64', '127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'link-local', 'nat64', '169.254.169.254'],
    ['64:ff9b::c0a8:101', 'private', 'nat64', '192.168.1.1'],
    ['2002:7f00:1::', 'loopback', '6to4', '127.0.0.1'],
    ['2002:a9fe:a9fe::1', 'link-local', '6to4', '169.254.169.254'],
    ['2002:a00:1:1234::5', 'private', '6to4', '10.0.0.1'],
    ['2002:6440:1::', 'carrier-grade-nat', '6to4', '100.64.0.1'],
    // Teredo client 127.0.0.1 obfuscated (every bit inverted): 0x80fffffe.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback', 'teredo-client', '127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private', 'teredo-client', '10.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:5601:5601', 'link-local', 'teredo-client', '169.254.169.254'],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private', 'teredo-server', '10.0.0.1'],
  ])('%s is %s (%s %s)', (ip, range, form, ipv4) => {
    expect(classifyAddress(ip)).toEqual({ range, embedded: { form, ipv4 } });
  });

  it.each([
    '::ffff:8.8.8.8', // mapped public
    '64:ff9b::808:808', // NAT64 of 8.8.8.8 (DNS64 networks answer with these)
    '64:ff9b::1.1.1.1',
    '2002:808:808::1', // 6to4 of 8.8.8.8
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo: server 65.54.227.120, client 8.8.8.8
  ])('allows %s, whose embedded IPv4 is public', (ip) => {
    expect(classifyAddress(ip)).toBeNull();
  });

  it('reads both Teredo addresses', () => {
    const forms = embeddedIpv4(ipaddr.IPv6.parse('2001:0:4136:e378:8000:63bf:3fff:fdd2'));
    expect(forms?.map(({ form, ipv4 }) => [form, ipv4.toString()])).toEqual([
      ['teredo-server', '65.54.227.120'],
      ['teredo-client', '192.0.2.45'],
    ]);
    expect(embeddedIpv4(ipaddr.IPv6.parse('2606:4700::1111'))).toBeUndefined();
  });
});

describe('classifyAddress: public addresses', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '198.17.255.255',
    '198.20.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4007:80f::200e',
    '2001:4860:4860::8888',
    '2001:200::1',
    '3ffe:ffff::1',
  ])('%s is public', (ip) => {
    expect(classifyAddress(ip)).toBeNull();
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('classifyAddress: not an address', () => {
  it.each(['', 'localhost', 'example.com', '1.2.3.4.5', '256.0.0.1', '08.0.0.1', '127.0.0.1 ', '127.0.0.1@evil', '::1::2', 'fe80::1%', '[::1', 'gggg::1'])(
    '%j is invalid',
    (ip) => {
      expect(classifyAddress(ip)).toEqual({ range: 'invalid' });
      expect(isPublicAddress(ip)).toBe(false);
    },
  );

  it('accepts bracketed IPv6 as URLs write it', () => {
    expect(classifyAddress('[::1]')).toEqual({ range: 'loopback' });
    expect(parseAddress('[2606:4700::1111]')?.kind).toBe('ipv6');
  });
});

describe('AddressAllowlist', () => {
  const allowlist = new AddressAllowlist(['127.0.0.1/32', '10.1.2.0/24', '::1', 'fd00::/8']);

  it('exempts the listed addresses and ranges only', () => {
    expect(checkAddress('127.0.0.1', allowlist)).toBeNull();
    expect(checkAddress('2130706433', allowlist)).toBeNull();
    expect(checkAddress('::ffff:127.0.0.1', allowlist)).toBeNull();
    expect(checkAddress('10.1.2.200', allowlist)).toBeNull();
    expect(checkAddress('::1', allowlist)).toBeNull();
    expect(checkAddress('fd12::1', allowlist)).toBeNull();
    expect(checkAddress('127.0.0.2', allowlist)).toEqual({ range: 'loopback' });
    expect(checkAddress('10.1.3.1', allowlist)).toEqual({ range: 'private' });
    expect(checkAddress('0.0.0.0', allowlist)).toEqual({ range: 'unspecified' });
    expect(checkAddress('fc00::1', allowlist)).toEqual({ range: 'unique-local' });
    expect(checkAddress('fe80::1%lo', allowlist)).toEqual({ range: 'link-local' });
  });

  it('exempts nothing when empty', () => {
    const none = new AddressAllowlist([]);
    expect(none.empty).toBe(true);
    expect(checkAddress('127.0.0.1', none)).toEqual({ range: 'loopback' });
    expect(checkAddress('8.8.8.8', none)).toBeNull();
  });
});
