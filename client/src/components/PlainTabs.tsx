import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: its value, its label and what its panel shows. */
export interface PlainTab<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

export interface PlainTabsProps<V extends string> {
  tabs: readonly PlainTab<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Classes of the parts (the shell's, e.g. sh-dashboard-tabs*). */
  classNames: { root: string; list: string; trigger: string; content: string };
}

/**
 * Tabs as WAI-ARIA's tabs pattern has them (tablist, tab, tabpanel; the selected tab alone in the tab
 * order; Left/Right move and wrap, Home/End go to the ends; a tab opens as it takes focus), drawn with
 * plain elements so a page that shows them needs neither Chakra's runtime nor Ark UI's state machines
 * (on the dashboard those cost a long task at first render). The data attributes are the ones Chakra's
 * tabs recipe styles (data-orientation, aria-selected), so the shell classes compiled from that recipe
 * look as Chakra's tabs do. A panel mounts when its tab is first opened, then stays mounted when hidden
 * (work running in it goes on while another tab is open).
 */
export function PlainTabs<V extends string>({ tabs, value, onValueChange, classNames }: PlainTabsProps<V>) {
  const base = useId();
  const [opened, setOpened] = useState<ReadonlySet<V>>(() => new Set([value]));
  // A value chosen from outside (a button in a panel) mounts its panel as a click does.
  if (!opened.has(value)) setOpened(new Set([...opened, value]));
  const triggers = useRef(new Map<V, HTMLButtonElement>());
  const tabId = (v: V) => `${base}-tab-${v}`;
  const panelId = (v: V) => `${base}-panel-${v}`;

  function select(next: V) {
    triggers.current.get(next)?.focus();
    if (next !== value) onValueChange(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.findIndex((tab) => tab.value === value);
    const to: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in to)) return;
    event.preventDefault();
    select(tabs[(to[event.key] + tabs.length) % tabs.length].value);
  }

  return (
    <div className={classNames.root} data-orientation="horizontal">
      <div role="tablist" aria-orientation="horizontal" className={classNames.list} data-orientation="horizontal" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) triggers.current.set(tab.value, element);
                else triggers.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId(tab.value)}
              tabIndex={selected ? 0 : -1}
              className={classNames.trigger}
              data-orientation="horizontal"
              data-value={tab.value}
              onClick={() => select(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(tab.value)}
            aria-labelledby={tabId(tab.value)}
            tabIndex={0}
            hidden={!selected}
            className={classNames.content}
            data-orientation="horizontal"
            data-state={selected ? 'open' : 'closed'}
          >
            {opened.has(tab.value) && tab.content}
          </div>
        );
      })}
    </div>
  );
}
