import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { loadConfig } from '../config/app.config';
import { CsrfGuard, ownOrigin } from './csrf.guard';

const contextWith = (headers: Record<string, string>) =>
  ({ switchToHttp: () => ({ getRequest: () => ({ headers }) }) }) as unknown as ExecutionContext;

describe('CsrfGuard', () => {
  const guard = new CsrfGuard(loadConfig({ PUBLIC_URL: 'https://footprint.example/' }));

  it('lets through the custom header without an Origin, or with the site origin', () => {
    expect(guard.canActivate(contextWith({ 'x-footprint-csrf': '1' }))).toBe(true);
    expect(guard.canActivate(contextWith({ 'x-footprint-csrf': '1', origin: 'https://footprint.example' }))).toBe(true);
  });

  it.each([
    [{}],
    [{ 'x-footprint-csrf': '0' }],
    [{ 'x-footprint-csrf': 'true' }],
    [{ 'x-footprint-csrf': '1', origin: 'https://evil.example' }],
    [{ 'x-footprint-csrf': '1', origin: 'http://footprint.example' }],
    [{ 'x-footprint-csrf': '1', origin: 'https://footprint.example.evil.example' }],
    [{ 'x-footprint-csrf': '1', origin: 'null' }],
  ])('refuses %j with 403', (headers) => {
    expect(() => guard.canActivate(contextWith(headers))).toThrow(ForbiddenException);
  });
});

describe('CsrfGuard and the request\'s own origin', () => {
  const guard = new CsrfGuard(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }));
  const request = (headers: Record<string, string>, protocol: string, host: string) =>
    ({ switchToHttp: () => ({ getRequest: () => ({ headers, protocol, host }) }) }) as unknown as ExecutionContext;

  it('accepts the origin the request was sent to (another address of the same server)', () => {
    const headers = { 'x-footprint-csrf': '1', origin: 'http://127.0.0.1:3000' };
    expect(guard.canActivate(request(headers, 'http', '127.0.0.1:3000'))).toBe(true);
    expect(guard.canActivate(request({ ...headers, origin: 'http://192.168.1.20:3000' }, 'http', '192.168.1.20:3000'))).toBe(true);
    expect(guard.canActivate(request({ ...headers, origin: 'https://app.example' }, 'https', 'APP.example'))).toBe(true);
  });

  it('still accepts PUBLIC_URL from anywhere the server is reached', () => {
    expect(guard.canActivate(request({ 'x-footprint-csrf': '1', origin: 'http://localhost:3000' }, 'http', '10.0.0.5:3000'))).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example', 'http', '127.0.0.1:3000'],
    ['another port', 'http://127.0.0.1:3001', 'http', '127.0.0.1:3000'],
    ['another scheme', 'https://127.0.0.1:3000', 'http', '127.0.0.1:3000'],
    ['a Host that is not a host', 'http://evil.example', 'http', 'evil.example/path'],
    ['no Host at all', 'http://127.0.0.1:3000', 'http', ''],
  ])('refuses %s', (_what, origin, protocol, host) => {
    expect(() => guard.canActivate(request({ 'x-footprint-csrf': '1', origin }, protocol, host))).toThrow(ForbiddenException);
  });
});

describe('ownOrigin', () => {
  it('leaves out default ports and lower-cases the host', () => {
    expect(ownOrigin({ protocol: 'http', host: 'Example.test:80' })).toBe('http://example.test');
    expect(ownOrigin({ protocol: 'https', host: '[::1]:8443' })).toBe('https://[::1]:8443');
  });
});
