// The parameter file editor (setting/device_parameter/params_files, params spec §2–§4): a truck chosen by plate and one
// of the eleven files; the file is read from the truck's device and edited in FileEditor.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARAM_FILES, paramFileDef } from '../../../../domain/params/catalogue';
import type { LocalizedText } from '../../../../domain/i18n';
import { isParamFileName, type ParamFileName } from '../../../../domain/params/catalogue-types';
import { parseParamFile, type ParamDocument } from '../../../../domain/params/param-text';
import type { DeviceFileAnswer } from '../../../../domain/params/send-wire';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { ChoiceField } from '../../../ui/filters';
import { FileEditor } from './FileEditor';
import { fetchDeviceFile } from './param-file-calls';
import { TruckPicker, type PickedTruck } from './TruckPicker';
import '../entity/entity.css';
import './param-file.css';

const PATH = '/setting/device_parameter/params_files';

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly problem?: LocalizedText }
  | { readonly state: 'ready'; readonly copy: DeviceFileAnswer; readonly base: ParamDocument };

export default function ParamFileScreen() {
  const { t } = useTranslation();
  const [truck, setTruck] = useState<PickedTruck | undefined>(undefined);
  const [name, setName] = useState<ParamFileName>('syscfg.txt');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reads, setReads] = useState(0);

  useEffect(() => {
    if (!truck) return undefined;
    let current = true;
    setLoaded((was) => (was.state === 'ready' && was.copy.truckId === truck.id && was.copy.name === name ? was : { state: 'loading' }));
    fetchDeviceFile(truck.id, name).then(
      (copy) => {
        if (!current) return;
        // The same text read again keeps its base: a new base starts the edit afresh, and what was typed would be lost.
        setLoaded((was) => {
          if (was.state === 'ready' && was.copy.truckId === copy.truckId && was.copy.name === copy.name && was.copy.content === copy.content) {
            return { state: 'ready', copy, base: was.base };
          }
          const parsed = parseParamFile(paramFileDef(name), copy.content);
          return parsed.ok ? { state: 'ready', copy, base: parsed.doc } : { state: 'failed', problem: parsed.problem };
        });
      },
      // The client's reaction has told why.
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [truck, name, reads]);

  const reload = useCallback(() => setReads((value) => value + 1), []);

  return (
    <article className="page param-file" data-screen={PATH}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      <div className="param-file__choice">
        <TruckPicker label={t('paramEditor.truck')} value={truck?.signCode ?? ''} onPick={(picked) => setTruck((was) => (was?.id === picked.id ? was : picked))} />
        <ChoiceField
          label={t('paramEditor.file')}
          choices={PARAM_FILES.map((def) => ({ value: def.name, label: t('paramEditor.fileOption', { title: t(def.titleKey), name: def.name }) }))}
          value={name}
          onChange={(value) => isParamFileName(value) && setName(value)}
        />
      </div>
      {!truck && <p className="param-file__hint">{t('paramEditor.choose')}</p>}
      {truck && loaded.state === 'loading' && <p className="param-file__hint" role="status">{t('paramEditor.loading')}</p>}
      {truck && loaded.state === 'failed' && <p className="param-field__message" role="alert">{loaded.problem ? t(loaded.problem.key, loaded.problem.values) : t('paramEditor.readFailed')}</p>}
      {truck && loaded.state === 'ready' && loaded.copy.truckId === truck.id && loaded.copy.name === name && (
        <FileEditor key={`${truck.id}:${name}`} def={paramFileDef(name)} truck={truck} copy={loaded.copy} base={loaded.base} onReload={reload} />
      )}
    </article>
  );
}
