import type { ReactNode } from 'react';
import { StrokeSvg } from './icon-shapes';

export interface IconCardContent {
  title: string;
  text: string;
  /** One of the stroke shapes of icon-shapes.tsx. */
  icon: ReactNode;
}

/**
 * A card with an icon, a third-level heading and a short text: features, values, trust points.
 * Drawn without Chakra's runtime (theme/shell-styles.ts, "IconCard"): the landing page shows four.
 */
export function IconCard({ title, text, icon }: IconCardContent) {
  return (
    <div className="sh-card">
      <div className="sh-card-body">
        <div className="sh-card-icon">
          <StrokeSvg shape={icon} className="sh-icon-6" />
        </div>
        <h3 className="sh-card-title">{title}</h3>
        <p className="sh-card-text">{text}</p>
      </div>
    </div>
  );
}
