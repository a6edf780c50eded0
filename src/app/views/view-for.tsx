// Which component renders a path inside the shell; later issues add their screens here by route kind.
import type { ReactNode } from 'react';
import { DASHBOARD_PATH } from '../../domain/routes';
import { Dashboard } from '../dashboard/Dashboard';
import { NotAvailable } from './NotAvailable';

export function viewFor(path: string): ReactNode {
  if (path === DASHBOARD_PATH) return <Dashboard />;
  return <NotAvailable path={path} />;
}
