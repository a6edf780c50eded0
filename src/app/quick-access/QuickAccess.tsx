// The quick-access shortcut list at the page's edge: slides in on hover or focus, a click opens the list,
// the minus arms delete mode (the next row click removes), the plus adds the page on screen.
import { useSelector } from '@xstate/react';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { tabTitleKey } from '../../../domain/shell/titles';
import { useQuickAccess } from './QuickAccessProvider';

const LIST_ID = 'quick-access-list';

export function QuickAccess() {
  const { t } = useTranslation();
  const [path] = useLocation();
  const actor = useQuickAccess();
  const view = useSelector(actor, (s) => ({
    shown: s.matches({ slide: 'shown' }),
    open: s.matches({ list: 'open' }),
    armed: s.matches({ mode: 'deleteArmed' }),
    busy: !s.matches({ data: 'ready' }),
    entries: s.context.entries,
  }), (a, b) => a.shown === b.shown && a.open === b.open && a.armed === b.armed && a.busy === b.busy && a.entries === b.entries);
  const leaveOnBlur = (event: FocusEvent<HTMLElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) actor.send({ type: 'quickAccess.pointerLeave' });
  };

  return (
    <aside
      className={`quick${view.shown || view.open ? ' quick--shown' : ''}`}
      aria-label={t('quickVisit.title')}
      onPointerEnter={() => actor.send({ type: 'quickAccess.pointerEnter' })}
      onPointerLeave={() => actor.send({ type: 'quickAccess.pointerLeave' })}
      onFocus={() => actor.send({ type: 'quickAccess.pointerEnter' })}
      onBlur={leaveOnBlur}
    >
      <button type="button" className="quick__handle" aria-expanded={view.open} aria-controls={LIST_ID} title={t('quickVisit.toggle')} onClick={() => actor.send({ type: 'quickAccess.toggle' })}>
        {t('quickVisit.title')}
      </button>
      <div id={LIST_ID} className="quick__panel" hidden={!view.open}>
        <div className="quick__tools">
          <button type="button" aria-label={t('quickVisit.addCurrent')} title={t('quickVisit.addCurrent')} disabled={view.busy}
            onClick={() => actor.send({ type: 'quickAccess.add', page: { url: path, name: t(tabTitleKey(path)) } })}>
            +
          </button>
          <button type="button" aria-label={t('quickVisit.armDelete')} title={t('quickVisit.armDelete')} aria-pressed={view.armed}
            onClick={() => actor.send({ type: 'quickAccess.armDelete' })}>
            −
          </button>
        </div>
        {view.armed && <p className="quick__hint" role="status">{t('quickVisit.deleteArmed')}</p>}
        {view.entries.length === 0 ? (
          <p className="quick__empty">{t('quickVisit.empty')}</p>
        ) : (
          <ul className={view.armed ? 'quick__list quick__list--armed' : 'quick__list'}>
            {view.entries.map((entry) => (
              <li key={entry.id}>
                <button type="button" onClick={() => actor.send({ type: 'quickAccess.rowClick', entry })}>
                  {entry.quickVisitName}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
