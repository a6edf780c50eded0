// Which component renders a path inside the shell, as the screen registry (domain/screens/registry.ts) says: the report,
// master-data or indicator screen drawn from the route's definition, or the route's own screen. Each is loaded as its
// own chunk, so the login page and the dashboard never load a grid, a chart or a form library.
import { lazy, Suspense, type ReactNode } from 'react';
import { screenFor, type ScreenRoute } from '../../../domain/screens/registry';
import { CUSTOM_SCREENS } from './custom-screens';
import { NotAvailable } from './NotAvailable';

const ReportScreen = lazy(() => import('../screens/report/ReportScreen'));
const EntityScreen = lazy(() => import('../screens/entity/EntityScreen'));
const IndicatorView = lazy(() => import('../monitor/indicators/IndicatorScreen').then((m) => ({ default: m.IndicatorView })));

function screenOf({ route, screen }: ScreenRoute): ReactNode {
  switch (screen.kind) {
    case 'report': return <ReportScreen path={route.path} />;
    case 'entity': return <EntityScreen def={screen.def} />;
    case 'indicator': return <IndicatorView def={screen.def} />;
    case 'custom': {
      const Own = CUSTOM_SCREENS[screen.path];
      return <Own />;
    }
  }
}

/** Whether a route has its screen, rather than saying it is not available: every route of the menu should. */
export function hasScreen(path: string): boolean {
  return screenFor(path) !== undefined;
}

export function viewFor(path: string): ReactNode {
  const entry = screenFor(path);
  return entry ? <Suspense fallback={null}>{screenOf(entry)}</Suspense> : <NotAvailable path={path} />;
}
