import { parseAddressList, parseHostMap, parsePortList } from '../setting.parsers';
import { defineSettings, parsedBy, setting } from '../setting.schema';

/** The SSRF guard of every fetch of a user-supplied URL (common/security/ssrf). */
export const fetchSettings = defineSettings({
  module: 'common/security/ssrf',
  title: 'Website scans: the SSRF guard',
  settings: {
    FETCH_ALLOWED_PORTS: setting(parsedBy(parsePortList), {
      default: '80,443',
      doc: 'Ports a scanned URL may use (comma-separated). Every other port is refused before any request.',
      message: 'FETCH_ALLOWED_PORTS must be a comma-separated list of ports between 1 and 65535: 80,443',
    }),
    FETCH_ALLOWED_ADDRESSES: setting(parsedBy(parseAddressList), {
      example: '127.0.0.1/32,10.1.2.0/24',
      doc: 'IP addresses and CIDR ranges exempt from the refusal of private, loopback, link-local and other internal addresses (comma-separated). FOR TESTS AND CLOSED NETWORKS ONLY: anything listed here can be reached by anyone who submits a URL to scan. Leave empty in production.',
      message: 'FETCH_ALLOWED_ADDRESSES must be a comma-separated list of IP addresses or CIDR ranges: 127.0.0.1/32,10.1.2.0/24',
    }),
    FETCH_HOSTS: setting(parsedBy(parseHostMap), {
      example: 'shop.test=127.0.0.1,cdn.test=127.0.0.1',
      doc: "A hosts table for the fetcher and the browser's proxy (name=address,…): tests and closed networks only.",
      message: 'FETCH_HOSTS must be a comma-separated list of name=address pairs: shop.test=127.0.0.1,cdn.test=127.0.0.1',
    }),
  },
});
