// A row of tabs and the panel of the chosen one (WAI-ARIA tabs: role tab/tabpanel, aria-selected).
import type { ReactNode } from 'react';

export type TabItem<Id extends string> = { id: Id; label: string };

export function Tabs<Id extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  /** Makes the tab and panel ids unique on the page. */
  idPrefix: string;
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The selected tab's panel content. */
  children: ReactNode;
}) {
  return (
    <>
      <div id={`${idPrefix}-tabs`} role="tablist" aria-label={label} className="tabs tabs-box w-full flex-nowrap overflow-x-auto sm:w-fit">
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.id}`}
            aria-selected={selected === item.id}
            aria-controls={`${idPrefix}-panel-${item.id}`}
            className={`tab whitespace-nowrap ${selected === item.id ? 'tab-active' : ''}`}
            onClick={() => onSelect(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${idPrefix}-panel-${selected}`} aria-labelledby={`${idPrefix}-tab-${selected}`}>
        {children}
      </section>
    </>
  );
}
