export interface Stat {
  value: string;
  label: string;
}

/**
 * The dark band of marketing figures (static claims from the spec, not measurements). Drawn
 * without Chakra's runtime (theme/shell-styles.ts, "StatsBand"): the landing page shows it.
 */
export function StatsBand({ id, title, stats }: { id: string; title: string; stats: readonly Stat[] }) {
  return (
    <section aria-labelledby={id} className="sh-stats">
      <div className="sh-stats-bar">
        <h2 id={id} className="sh-stats-title">
          {title}
        </h2>
        <dl className="sh-stats-grid">
          {stats.map((stat) => (
            <div key={stat.label} className="sh-stat">
              <dt className="sh-stat-label">{stat.label}</dt>
              <dd className="sh-stat-value">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
