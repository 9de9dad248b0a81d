import type { ReactNode } from 'react';
import { useSiteInfo } from '../site/use-site-info';
import { PageHero } from './PageHero';

// Drawn without Chakra's runtime (theme/shell-styles.ts, "LegalPage").

/** The privacy contact address from GET /api/site, as a mailto link (plain text while it loads). */
export function ContactEmail() {
  const site = useSiteInfo();
  if (site.status === 'ready') {
    return (
      <a className="sh-link" href={`mailto:${site.data.contactEmail}`}>
        {site.data.contactEmail}
      </a>
    );
  }
  if (site.status === 'loading') return <span>our contact address (loading…)</span>;
  return <span>the contact address given on our website</span>;
}

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A static legal page: one h1, a date, and numbered h2 sections. */
export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <>
      <PageHero title={title} lead={`Last updated: ${updated}`} />
      <div className="sh-legal">
        <div className="sh-legal-stack">
          <div>{intro}</div>
          {sections.map((section, index) => (
            <section key={section.title} aria-labelledby={`legal-${index + 1}`}>
              <h2 id={`legal-${index + 1}`} className="sh-legal-title">
                {index + 1}. {section.title}
              </h2>
              <div className="sh-legal-body">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
