import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { loadConfig } from '../config/app-config';
import { CsrfGuard } from './csrf.guard';

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
