import { KIND_MESSAGES, normalizeMonitorTargets } from './monitor-kinds.rules';
import { InvalidTargetsError, TARGET_MESSAGES } from './monitor-targets.rules';
import { MONITOR_MESSAGES } from './monitoring.types';

describe('normalizeMonitorTargets', () => {
  it.each([
    [{ emails: ['Jane@Example.com'], handles: [] }, { kind: 'identity', emails: ['jane@example.com'], handles: [] }],
    [{ handles: ['@jane'] }, { kind: 'identity', emails: [], handles: ['@jane'] }],
    [{ websites: [' shop.example '] }, { kind: 'website', website: 'https://shop.example/' }],
    [{ websites: ['http://Shop.Example/Path?x=1', 'http://shop.example/Path?x=1'], emails: [' '] }, { kind: 'website', website: 'http://shop.example/Path?x=1' }],
    [{ domains: ['ACME.example'] }, { kind: 'domain', domain: 'acme.example' }],
    [{ domains: ['@acme.example.'] }, { kind: 'domain', domain: 'acme.example' }],
    [{ domains: ['https://mail.acme.example/login'] }, { kind: 'domain', domain: 'mail.acme.example' }],
    [{ domains: ['bücher.example'] }, { kind: 'domain', domain: 'xn--bcher-kva.example' }],
  ])('%# reads %j', (raw, expected) => {
    expect(normalizeMonitorTargets(raw)).toEqual(expected);
  });

  it.each([
    [{}, MONITOR_MESSAGES.noTargets],
    [{ emails: ['a@example.com'], domains: ['acme.example'] }, KIND_MESSAGES.mixed],
    [{ handles: ['@a'], websites: ['shop.example'] }, KIND_MESSAGES.mixed],
    [{ websites: ['a.example', 'b.example'] }, KIND_MESSAGES.oneWebsite],
    [{ domains: ['a.example', 'b.example'] }, KIND_MESSAGES.oneDomain],
    [{ websites: ['@jane'] }, KIND_MESSAGES.socialAsWebsite('@jane')],
    [{ websites: ['https://www.tiktok.com/@jane'] }, KIND_MESSAGES.socialAsWebsite('https://www.tiktok.com/@jane')],
    [{ websites: ['jane@example.com'] }, KIND_MESSAGES.emailAsWebsite('jane@example.com')],
    [{ websites: ['ftp://shop.example'] }, KIND_MESSAGES.notWebsite('ftp://shop.example')],
    [{ domains: ['localhost'] }, KIND_MESSAGES.notDomain('localhost')],
    [{ domains: ['not a domain'] }, KIND_MESSAGES.notDomain('not a domain')],
    [{ domains: ['[::1]'] }, KIND_MESSAGES.ipDomain('[::1]')],
    [{ domains: ['github.io'] }, KIND_MESSAGES.publicSuffix('github.io')],
    [{ domains: ['outlook.com'] }, KIND_MESSAGES.providerDomain('outlook.com', 'Outlook.com, a public email service')],
    [{ domains: ['mailinator.com'] }, KIND_MESSAGES.providerDomain('mailinator.com', 'a disposable email service')],
    [{ handles: ['https://www.reddit.com/r/privacy/comments/abc/title/'] }, TARGET_MESSAGES.noAccount('https://www.reddit.com/r/privacy/comments/abc/title/')],
  ])('%# refuses %j with what to do instead', (raw, message) => {
    expect(() => normalizeMonitorTargets(raw)).toThrow(new InvalidTargetsError(message));
  });
});
