import { checkUrl, CheckedUrl, RefusedUrl, SSRF_MESSAGES } from './url.policy';

const config = { allowedPorts: [80, 443], allowedAddresses: [] as string[] };
const PORT_MESSAGE = 'Only http:// and https:// addresses on ports 80 and 443 can be checked.';

const accepted = (url: string, policy = config) => {
  const result = checkUrl(url, policy);
  if (!result.ok) throw new Error(`${url} refused: ${result.message}`);
  return result;
};
const refused = (url: string, policy = config) => {
  const result = checkUrl(url, policy);
  if (result.ok) throw new Error(`${url} accepted`);
  return result;
};

describe('checkUrl', () => {
  it('writes the user-facing messages once, in the words the brief and spec give', () => {
    expect(SSRF_MESSAGES.invalidUrl).toBe('Invalid URL format');
    expect(SSRF_MESSAGES.privateAddress).toBe('This URL points to a private or internal address and cannot be checked.');
    expect(SSRF_MESSAGES.schemeOrPort([80, 443])).toBe(PORT_MESSAGE);
    expect(SSRF_MESSAGES.schemeOrPort([443])).toBe('Only http:// and https:// addresses on ports 443 can be checked.');
    expect(SSRF_MESSAGES.schemeOrPort([80, 443, 8080])).toBe('Only http:// and https:// addresses on ports 80, 443 and 8080 can be checked.');
  });

  it('accepts http and https on the allowed ports, with the default port filled in', () => {
    const named = accepted('https://example.com/a?b=c');
    expect(named).toMatchObject<Partial<CheckedUrl>>({ hostname: 'example.com', port: 443 });
    expect(named.ip).toBeUndefined();
    expect(accepted('http://example.com')).toMatchObject({ hostname: 'example.com', port: 80 });
    expect(accepted('HTTP://EXAMPLE.COM:0080/')).toMatchObject({ hostname: 'example.com', port: 80 });
    expect(accepted('  https://example.com:443/  ').url.href).toBe('https://example.com/');
    expect(accepted('https://8.8.8.8/')).toMatchObject({ hostname: '8.8.8.8', ip: '8.8.8.8' });
    expect(accepted('https://[2606:4700::1111]/')).toMatchObject({ hostname: '2606:4700::1111', ip: '2606:4700::1111' });
  });

  it('turns IDN hosts into punycode before anything else looks at them', () => {
    expect(accepted('https://bücher.example/').hostname).toBe('xn--bcher-kva.example');
  });

  it.each(['', 'not a url', 'http://', 'https://:443/', 'http://1.2.3.4.5/', 'http://[::1/', 'http://exa mple.com/', '//example.com/'])(
    'refuses %j as an invalid URL',
    (url) => {
      expect(refused(url)).toMatchObject<Partial<RefusedUrl>>({ reason: 'invalid', message: 'Invalid URL format' });
    },
  );

  it.each(['file:///etc/passwd', 'gopher://example.com:70/_x', 'ftp://example.com/', 'data:text/html,<b>x</b>', 'javascript:alert(1)', 'ws://example.com/', 'dict://127.0.0.1:11211/'])(
    'refuses the scheme of %s',
    (url) => {
      expect(refused(url)).toMatchObject({ reason: 'scheme', message: PORT_MESSAGE });
    },
  );

  it.each(['http://example.com:22/', 'http://example.com:6379/', 'https://example.com:5432/', 'http://example.com:8080/', 'https://example.com:1/'])(
    'refuses the port of %s',
    (url) => {
      expect(refused(url)).toMatchObject({ reason: 'port', message: PORT_MESSAGE });
    },
  );

  it('takes the port allowlist from the configuration', () => {
    const wide = { ...config, allowedPorts: [80, 443, 8080] };
    expect(accepted('http://example.com:8080/', wide).port).toBe(8080);
    expect(refused('http://example.com/', { ...config, allowedPorts: [443] }).reason).toBe('port');
  });

  it.each(['http://user@example.com/', 'http://user:pass@example.com/', 'http://:pass@example.com/', 'http://public.example@127.0.0.1/'])(
    'refuses credentials in %s',
    (url) => {
      expect(refused(url)).toMatchObject({ reason: 'credentials', message: SSRF_MESSAGES.credentials });
    },
  );

  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0/', 'unspecified'],
    ['http://127.0.0.1./', 'loopback'],
    ['http://%31%32%37.0.0.1/', 'loopback'],
    ['http://１２７.０.０.１/', 'loopback'],
    ['http:\\\\127.0.0.1\\', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://[::1]/', 'loopback'],
    ['http://[::]/', 'unspecified'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::127.0.0.1]/', 'ipv4-compatible'],
    ['http://[64:ff9b::127.0.0.1]/', 'loopback'],
    ['http://[2002:7f00:1::]/', 'loopback'],
    ['http://[fd00::1]/', 'unique-local'],
  ])('refuses the literal address of %s without DNS', (url, range) => {
    expect(refused(url)).toMatchObject({ reason: 'address', message: SSRF_MESSAGES.privateAddress, refusal: { range } });
  });

  it('exempts the configured addresses only', () => {
    const local = { ...config, allowedAddresses: ['127.0.0.1/32'] };
    expect(accepted('http://127.0.0.1/', local).ip).toBe('127.0.0.1');
    expect(accepted('http://127.1/', local).ip).toBe('127.0.0.1');
    expect(refused('http://127.0.0.2/', local).reason).toBe('address');
  });

  it('keeps host names for DNS, trailing dot included', () => {
    expect(accepted('http://localhost./')).toMatchObject({ hostname: 'localhost.' });
    expect(accepted('http://metadata.google.internal/')).toMatchObject({ hostname: 'metadata.google.internal' });
    expect(accepted('http://localhost./').ip).toBeUndefined();
  });

  it('never puts the host, address or port into a message', () => {
    for (const url of ['http://10.1.2.3:22/', 'http://10.1.2.3/', 'http://u:p@10.1.2.3/', 'gopher://10.1.2.3/']) {
      expect(refused(url).message).not.toMatch(/10\.1|:22|gopher/);
    }
  });
});
