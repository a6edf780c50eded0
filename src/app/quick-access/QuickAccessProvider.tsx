// Runs the user's quick-access actor for the shell: the panel and the dashboard read the same entries.
import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { quickAccessMachine } from '../../../machines/quick-access.machine';
import { call } from '../../api/client';
import { showToast } from '../../ui/notify';
import { reportFailure } from '../reactions';

type QuickAccessActor = ActorRefFrom<typeof quickAccessMachine>;

const QuickAccessContext = createContext<QuickAccessActor | null>(null);

export function QuickAccessProvider({ userId, children }: { readonly userId: number; readonly children: ReactNode }) {
  const [, navigate] = useLocation();
  // The machine is built once; navigation goes through a ref so it always uses the router of the moment.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [machine] = useState(() =>
    quickAccessMachine.provide({
      actors: {
        loadEntries: fromPromise(({ input }) => call('quickVisitList', input)),
        addEntry: fromPromise(({ input }) => call('quickVisitAdd', input)),
        removeEntry: fromPromise(({ input }) => call('quickVisitRemove', input)),
      },
      actions: {
        navigate: (_, url) => navigateRef.current(url),
        notify: (_, message) => showToast(message.type, { key: message.key }),
        reportFailure: (_, error) => reportFailure(error),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { userId } });
  return <QuickAccessContext value={actor}>{children}</QuickAccessContext>;
}

export function useQuickAccess(): QuickAccessActor {
  const actor = use(QuickAccessContext);
  if (!actor) throw new Error('useQuickAccess outside QuickAccessProvider');
  return actor;
}
