import { Link as RouterLink } from 'react-router-dom';
import { useSiteInfo } from '../site/use-site-info';
import { footprintShape, StrokeSvg } from './icon-shapes';

// Drawn without Chakra's runtime, with classes the build compiles from the Chakra theme
// (theme/shell-styles.ts, "Footer"): it is on every page, the landing page's first render included.

/** `to`: a route of the app; `href`: a page the server serves itself; `contact`: the contact address. */
type FooterItem = { label: string; to?: string; href?: string; contact?: true };

/**
 * The spec's placeholder footer links that have no target yet (Help Center, …) are plain text
 * marked "coming soon" rather than links that go nowhere.
 */
const columns: { title: string; items: FooterItem[] }[] = [
  {
    title: 'Product',
    items: [
      { label: 'Features', to: '/features' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'Education', to: '/education' },
      { label: 'API', href: '/api/docs' },
    ],
  },
  {
    title: 'Company',
    items: [{ label: 'About', to: '/about' }, { label: 'Contact Us', contact: true }, { label: 'Community' }],
  },
  {
    title: 'Support',
    items: [{ label: 'Help Center' }, { label: 'Status' }],
  },
  {
    title: 'Legal',
    items: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Cookie Policy' },
      { label: 'GDPR' },
    ],
  },
];

/**
 * A mailto of the server's CONTACT_EMAIL (GET /api/site); until it is known, the privacy policy,
 * which names the address too.
 */
function ContactLink({ label }: { label: string }) {
  const site = useSiteInfo();
  if (site.status === 'ready') {
    return (
      <a href={`mailto:${site.data.contactEmail}`} className="sh-footer-link">
        {label}
      </a>
    );
  }
  return (
    <RouterLink to="/privacy" className="sh-footer-link">
      {label}
    </RouterLink>
  );
}

export function Footer() {
  return (
    <footer className="sh-footer">
      <div className="sh-footer-bar">
        <div className="sh-footer-grid">
          <div>
            <div className="sh-footer-brand">
              <StrokeSvg shape={footprintShape} className="sh-footer-brand-icon" />
              Footprint
            </div>
            <p className="sh-footer-tagline">See what of you is exposed online, and what to do about it.</p>
          </div>
          {columns.map((column) => (
            <div key={column.title}>
              <h2 className="sh-footer-heading">{column.title}</h2>
              <ul className="sh-footer-list">
                {column.items.map((item) => (
                  <li key={item.label} className="sh-footer-item">
                    {item.contact ? (
                      <ContactLink label={item.label} />
                    ) : item.href ? (
                      <a href={item.href} className="sh-footer-link">
                        {item.label}
                      </a>
                    ) : item.to ? (
                      <RouterLink to={item.to} className="sh-footer-link">
                        {item.label}
                      </RouterLink>
                    ) : (
                      <span className="sh-footer-soon">
                        {item.label} <span className="sh-footer-soon-note">(coming soon)</span>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="sh-footer-copy">© {new Date().getFullYear()} Footprint. All rights reserved.</p>
      </div>
    </footer>
  );
}
