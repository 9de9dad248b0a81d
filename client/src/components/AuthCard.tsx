import type { ReactNode } from 'react';
import { footprintShape, StrokeSvg } from './icon-shapes';

// Drawn without Chakra's runtime (theme/shell-styles.ts, "AuthCard and the account forms").

/** The centred card that holds the sign-in and sign-up forms. */
export function AuthCard({ title, subtitle, children, wide = false }: { title: string; subtitle: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="sh-auth">
      <div className={wide ? 'sh-auth-bar-lg' : 'sh-auth-bar'}>
        <div className="sh-auth-card">
          <div className="sh-auth-body">
            <div className="sh-auth-head">
              <div className="sh-auth-icon">
                <StrokeSvg shape={footprintShape} className="sh-icon-6" />
              </div>
              <h1 className="sh-auth-title">{title}</h1>
              <p className="sh-muted">{subtitle}</p>
            </div>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The "or" divider between the form and the Google button. */
export function OrDivider() {
  return (
    <div className="sh-or" aria-hidden="true">
      <hr className="sh-or-line" />
      <span className="sh-or-text">or</span>
      <hr className="sh-or-line" />
    </div>
  );
}
