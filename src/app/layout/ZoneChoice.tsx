// The user menu's choice of the zone times are shown in: the fleet's or this computer's, each with its offset now.
// Offered only where the two differ; a choice reloads the console (time-zone.ts).
import { useTranslation } from 'react-i18next';
import { offsetLabel } from '../../../domain/format/zone';
import { browserZone, FLEET_ZONE, storedZoneChoice, switchZone, type ZoneChoice as Choice } from '../time-zone';

export function ZoneChoice() {
  const { t } = useTranslation();
  const now = Date.now();
  const zones: Readonly<Record<Choice, string>> = { fleet: FLEET_ZONE, browser: browserZone() };
  if (offsetLabel(now, zones.fleet) === offsetLabel(now, zones.browser)) return null;
  const chosen = storedZoneChoice();
  return (
    <div role="group" aria-label={t('user.zone.label')} className="usermenu__zone">
      <p className="usermenu__zone-label">{t('user.zone.label')}</p>
      {(['fleet', 'browser'] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          role="menuitemradio"
          aria-checked={choice === chosen}
          title={zones[choice]}
          onClick={() => {
            if (choice !== chosen) switchZone(choice);
          }}
        >
          {t(`user.zone.${choice}`, { offset: offsetLabel(now, zones[choice]) })}
        </button>
      ))}
    </div>
  );
}
