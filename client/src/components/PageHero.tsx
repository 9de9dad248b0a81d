import type { ReactNode } from 'react';

/**
 * The top band of a content page: its one h1 and a short lead, on a tint that runs behind the
 * header. Drawn without Chakra's runtime (theme/shell-styles.ts, "PageHero"): it is what a public
 * page shows first.
 */
export function PageHero({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="sh-page-hero">
      <div className="sh-hero-bar">
        <h1 id="page-title" className="sh-page-title">
          {title}
        </h1>
        {lead && <p className="sh-page-lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
