// "Send a command" on the remote commands' screen: choose one of the enabled remote templates, then the send dialog
// every definition with `send` uses (trucks by plate or a whole company, confirmed first for a restart or a clear).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTITY_STATUS, fieldOf } from '../../../../domain/screens/entities/definition';
import { DEVICE_PARAM_ENTITIES } from '../../../../domain/screens/entities/device-params';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { ChoiceField, type Company } from '../../../ui/filters';
import { ModalDialog } from '../../../ui/dialog';
import { reportFailure } from '../../reactions';
import { fetchEntityPage } from '../entity/entity-calls';
import { SendDialog } from '../entity/SendDialog';

const TEMPLATES = DEVICE_PARAM_ENTITIES['/setting/alarm_threshold/remote_template'];
const COMMAND_OPTIONS = fieldOf(TEMPLATES, 'command')?.options ?? [];
/** More templates than a company keeps; the picker lists them all. */
const TEMPLATE_PAGE = 200;

export function CommandSend({ companies }: { readonly companies: readonly Company[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [picking, setPicking] = useState(false);
  const [templates, setTemplates] = useState<readonly EntityRow[] | undefined>(undefined);
  const [chosen, setChosen] = useState('');
  const [sending, setSending] = useState<EntityRow | undefined>(undefined);
  const [problem, setProblem] = useState(false);

  useEffect(() => {
    if (!picking) return undefined;
    let current = true;
    fetchEntityPage(TEMPLATES, { page: 1, size: TEMPLATE_PAGE }).then(
      (page) => current && setTemplates(page.rows.filter((row) => row.status === ENTITY_STATUS.enabled)),
      (error: unknown) => {
        reportFailure(error);
        if (current) setPicking(false);
      },
    );
    return () => {
      current = false;
    };
  }, [picking]);

  const commandText = (row: EntityRow): string => {
    const command = String(row.values['command'] ?? '');
    const option = COMMAND_OPTIONS.find((candidate) => candidate.value === command);
    return option ? t(option.labelKey) : command;
  };

  const close = () => {
    setPicking(false);
    setChosen('');
    setProblem(false);
  };
  const next = (event: FormEvent) => {
    event.preventDefault();
    const row = templates?.find((template) => template.key === chosen);
    if (!row) return setProblem(true);
    close();
    setSending(row);
  };

  return (
    <>
      <button type="button" className="entity-button entity-button--primary" onClick={() => setPicking(true)}>
        {t('remoteCommand.send')}
      </button>
      {picking && (
        <ModalDialog
          title={t('remoteCommand.pickTitle')}
          onClose={close}
          className="entity-dialog"
          form={{ className: 'entity-form', onSubmit: next }}
          actions={
            <>
              <button type="button" onClick={close}>{t('deviceEntity.send.cancel')}</button>
              <button type="submit" className="dialog__confirm" disabled={!templates || templates.length === 0}>{t('remoteCommand.next')}</button>
            </>
          }
        >
          {templates === undefined ? (
            <p role="status">{t('sendList.loading')}</p>
          ) : templates.length === 0 ? (
            <p role="status">{t('remoteCommand.noTemplates')}</p>
          ) : (
            <ChoiceField
              label={t('remoteCommand.template')} value={chosen} onChange={setChosen} isRequired isInvalid={problem}
              describedBy={`${id}-problem`} placeholder={t('entity.choose')}
              choices={templates.map((row) => ({ value: row.key, label: `${String(row.values['name'] ?? '')} (${commandText(row)})` }))}
            />
          )}
          <small id={`${id}-problem`} className="entity-form__message" role={problem ? 'alert' : undefined}>
            {problem ? t('remoteCommand.chooseTemplate') : ''}
          </small>
        </ModalDialog>
      )}
      {sending && <SendDialog def={{ ...TEMPLATES, send: TEMPLATES.send }} row={sending} companies={companies} onClose={() => setSending(undefined)} />}
    </>
  );
}
