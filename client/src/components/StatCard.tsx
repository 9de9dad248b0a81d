import type { ReactNode } from 'react';

/*
 * Drawn without Chakra's runtime (theme/shell-styles.ts, "StatCard"), as Card and Stat would draw
 * it: the dashboard's first figures show before Chakra has loaded.
 */

const VALUE_CLASS = { '2xl': 'sh-stat-value-2xl', '3xl': 'sh-stat-value-3xl' } as const;

/** One labelled figure in a card (the dashboard's overview, the report's summary), with an optional visible note (its scale). */
export function StatCard({
  label,
  children,
  testId,
  valueSize,
  note,
}: {
  label: string;
  children: ReactNode;
  testId: string;
  valueSize: '2xl' | '3xl';
  note?: ReactNode;
}) {
  return (
    <div className="sh-stat-card">
      <div className="sh-stat-card-body">
        <dl className="sh-stat-root" data-testid={testId}>
          <dt className="sh-statcard-label">{label}</dt>
          <dd className={VALUE_CLASS[valueSize]}>{children}</dd>
          {/* A <dd> beside the value: a <dl> may hold only <dt> and <dd> groups. */}
          {note && <dd className="sh-stat-help">{note}</dd>}
        </dl>
      </div>
    </div>
  );
}
