// Keeps visited views alive: every cacheable tab's view stays mounted and hidden when not on screen (state kept);
// a noCache view (the dashboard) mounts only while on screen. A refresh remounts a view under a new key.
import type { ReactNode } from 'react';
import { routeByPath } from '../../../domain/routes';
import type { Tab } from '../../../domain/shell/tab-strip';

const cacheable = (path: string) => routeByPath(path)?.noCache !== true;

interface ViewHostProps {
  readonly tabs: readonly Tab[];
  readonly active: string;
  readonly render: (path: string) => ReactNode;
}

export function ViewHost({ tabs, active, render }: ViewHostProps) {
  const activeTab = tabs.find((tab) => tab.path === active);
  return (
    <>
      {tabs
        .filter((tab) => cacheable(tab.path))
        .map((tab) => (
          <section key={`${tab.path}#${tab.refreshKey}`} className="view" data-view={tab.path} hidden={tab.path !== active}>
            {render(tab.path)}
          </section>
        ))}
      {!cacheable(active) && (
        <section key={`${active}#${activeTab?.refreshKey ?? 0}`} className="view" data-view={active}>
          {render(active)}
        </section>
      )}
    </>
  );
}
