import { z } from 'zod';
import { defineSettings, httpUrl, setting } from '../setting.schema';
import { SITE_LIST_OFF } from './scans.settings';

/** Privacy-rights requests (requests/): where the organisation catalogue comes from. */
export const requestsSettings = defineSettings({
  module: 'requests',
  title: 'Privacy-rights requests',
  intro:
    "Organisations and their privacy contacts come from the datarequests.org (Datenanfragen.de) database, CC0 1.0: downloaded at run time, stored in PostgreSQL, refreshed weekly by one instance at a time, credited on the requests page. California's data broker registry (CPPA) joins it the same way. Nothing of either ships with Footprint.",
  settings: {
    ORGANISATION_CATALOGUE_URL: setting(z.literal(SITE_LIST_OFF).or(httpUrl()), {
      default: 'https://codeload.github.com/datenanfragen/data/tar.gz/refs/heads/master',
      doc: "A gzipped tar of the datarequests.org data repository (its companies/ and supervisory-authorities/ records). While it cannot be downloaded, requests can still be drafted to an organisation the person names. off: no catalogue.",
      message: `ORGANISATION_CATALOGUE_URL must be an http:// or https:// URL, or ${SITE_LIST_OFF}`,
    }),
    CA_BROKER_REGISTRY_URL: setting(z.literal(SITE_LIST_OFF).or(httpUrl()), {
      default: 'https://cppa.ca.gov/data_broker_registry/registry.csv',
      doc: "California's data broker registry as the CPPA publishes it (CSV; a public record under Civil Code 1798.99.84, no licence stated): each registered broker's name, website, contact email and address join the catalogue as data brokers for \"Ask every data broker\". Refreshed weekly like the catalogue. off: no registry brokers (Californians are still pointed to DROP).",
      message: `CA_BROKER_REGISTRY_URL must be an http:// or https:// URL, or ${SITE_LIST_OFF}`,
    }),
  },
});
