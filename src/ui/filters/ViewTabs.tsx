// The tab strip of a screen of several views (a report's tabs): react-aria's tabs, so arrow keys move between them and
// the selected one is announced; the screen owns which view is on and renders it.
import { Tab, TabList, Tabs, type Key } from 'react-aria-components';
import './filters.css';

interface ViewTab {
  readonly id: string;
  /** Already translated. */
  readonly label: string;
}

interface ViewTabsProps {
  readonly tabs: readonly ViewTab[];
  readonly selected: string;
  /** Already translated: what the strip is, for screen readers. */
  readonly label: string;
  readonly onSelect: (id: string) => void;
}

export function ViewTabs({ tabs, selected, label, onSelect }: ViewTabsProps) {
  return (
    <Tabs
      className="view-tabs"
      selectedKey={selected}
      onSelectionChange={(key: Key) => {
        if (String(key) !== selected) onSelect(String(key));
      }}
    >
      <TabList aria-label={label} className="view-tabs__list">
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className="view-tabs__tab">
            {tab.label}
          </Tab>
        ))}
      </TabList>
    </Tabs>
  );
}
