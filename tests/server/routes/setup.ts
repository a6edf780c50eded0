// One running server with the route fixtures, and a logged-in session per demo account.
import type { Contract } from '../../../server/contract/contract';
import { login, type LoggedIn } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';
import { insertFleet, type Fleet } from './fixtures';

export const DEMO_USERS = ['admin', 'manager', 'operator', 'garden'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

export interface FleetServer {
  readonly server: RunningServer;
  readonly fleet: Fleet;
  readonly as: Readonly<Record<DemoUser, LoggedIn>>;
  /** The caller's own user id, as the console sends it. */
  readonly userId: (user: DemoUser) => number;
}

/**
 * `faults` installs the test-only fault injection (a call made to look missing, as on the legacy backend); `contract`
 * picks the wire contract (ours by default).
 */
export async function startFleetServer(options: { readonly faults?: boolean; readonly contract?: Contract } = {}): Promise<FleetServer> {
  const inserted: { fleet?: Fleet } = {};
  const server = await startServer({ ...options, prepare: async (services) => void (inserted.fleet = await insertFleet(services)) });
  const { fleet } = inserted;
  if (!fleet) throw new Error('the fleet fixtures were not inserted');
  const [admin, manager, operator, garden] = await Promise.all(DEMO_USERS.map((user) => login(server.url, user)));
  if (!admin || !manager || !operator || !garden) throw new Error('a demo login failed');
  const as = { admin, manager, operator, garden };
  return { server, fleet, as, userId: (user) => as[user].answer.userInfo.id };
}
