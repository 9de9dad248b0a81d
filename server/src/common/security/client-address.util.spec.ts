import { addressBucket } from './client-address.util';

describe('addressBucket', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressBucket('203.0.113.9', 64)).toBe('203.0.113.9');
  });

  it('unwraps IPv4-mapped IPv6 in every spelling', () => {
    for (const mapped of ['::ffff:203.0.113.9', '::FFFF:203.0.113.9', '::ffff:cb00:7109', '0:0:0:0:0:ffff:cb00:7109']) {
      expect(addressBucket(mapped, 64)).toBe('203.0.113.9');
    }
  });

  it('counts IPv6 by its network, whatever the spelling', () => {
    expect(addressBucket('2001:db8:1:2:3:4:5:6', 64)).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0DB8:0001:0002:0000:0000:0000:0001', 64)).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2:3:4:5:6', 56)).toBe('2001:db8:1::/56');
    expect(addressBucket('2001:db8:1:2:3:4:5:6', 128)).toBe('2001:db8:1:2:3:4:5:6/128');
    expect(addressBucket('::1', 64)).toBe('::/64');
  });

  it('drops a zone id', () => {
    expect(addressBucket('fe80::1:2%eth0', 64)).toBe('fe80::/64');
  });

  it('counts what is not an address as it is', () => {
    expect(addressBucket('unknown', 64)).toBe('unknown');
  });
});
