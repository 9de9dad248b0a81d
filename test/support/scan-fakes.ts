import type { HibpBreach } from '../../server/src/scans/sources/source.types';
import { FakeDnsServer } from '../fakes/dns-server';
import { FakeGravatar } from '../fakes/gravatar';
import { FakeHibp } from '../fakes/hibp';
import { type E2ESuite, useBuiltAppAndBrowser } from './e2e-suite';

/** Someone a privacy scan finds plenty about. */
export interface BreachedPerson {
  /** An address at `domain`. */
  email: string;
  domain: string;
  /** HIBP lists the address in these; they are HIBP's whole catalogue too. */
  breaches: HibpBreach[];
  /** The public Gravatar profile's fields. */
  displayName: string;
  location: string;
}

export interface ScanFakes {
  hibp: FakeHibp;
  gravatar: FakeGravatar;
  dns: FakeDnsServer;
  suite: E2ESuite;
}

/**
 * The built app and a browser against the HIBP, Gravatar and DNS fakes, which know `person`: their
 * breaches, a public Gravatar profile, and a domain with a mail server and a strict SPF record.
 */
export function useBuiltAppWithScanFakes(person: BreachedPerson): ScanFakes {
  const hibp = new FakeHibp();
  const gravatar = new FakeGravatar();
  const dns = new FakeDnsServer();

  // The fakes must listen before the app starts (it reads their addresses at start).
  beforeAll(async () => {
    await Promise.all([hibp.start(), gravatar.start(), dns.start()]);
    hibp.catalogue = [...person.breaches];
    hibp.setBreaches(person.email, person.breaches);
    gravatar.addProfile(person.email, { display_name: person.displayName, location: person.location });
    dns.set(person.domain, { MX: [{ exchange: `mail.${person.domain}`, priority: 10 }], TXT: [['v=spf1 -all']] });
  });
  afterAll(async () => {
    await Promise.all([hibp.close(), gravatar.close(), dns.close()]);
  });
  const suite = useBuiltAppAndBrowser(() => ({ ...hibp.env, ...gravatar.env, ...dns.env }));
  return { hibp, gravatar, dns, suite };
}
