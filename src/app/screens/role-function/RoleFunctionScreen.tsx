// setting/privilege_account/role_function: pick a role, check its menu groups and routes in a tri-state tree (select
// all, the required marker), save on the role's version. No roles to edit: the no-roles notice.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../api/client';
import { ROUTES } from '../../../../domain/routes';
import { allState, compactFunctions, expandFunctions, lockedFor, toggleAll } from '../../../../domain/screens/accounts/role-functions';
import type { RoleFunctionRoles, RoleFunctions } from '../../../../domain/screens/accounts/wire';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { ChoiceField, RequiredMark, TriStateCheckbox } from '../../../ui/filters';
import { showToast } from '../../../ui/notify';
import { FunctionTree } from './FunctionTree';
import { fetchRoleFunctions, fetchRoles, saveRoleFunctions } from './role-function-calls';
import './role-function.css';

const PATH = '/setting/privilege_account/role_function';
const MESSAGE_ID = 'role-function-message';

type Loaded<T> = { readonly kind: 'loading' } | { readonly kind: 'failed'; readonly text: string } | { readonly kind: 'ready'; readonly value: T };

/** A failure's text: the server's message, else the transport's. */
function useFailureText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => {
    const text = failureText(error);
    return 'text' in text ? text.text : t(text.key);
  }, [t]);
}

export default function RoleFunctionScreen() {
  const { t } = useTranslation();
  const failText = useFailureText();
  const [roles, setRoles] = useState<Loaded<RoleFunctionRoles>>({ kind: 'loading' });
  const [roleId, setRoleId] = useState('');

  useEffect(() => {
    let live = true;
    fetchRoles().then(
      (value) => live && setRoles({ kind: 'ready', value }),
      (error: unknown) => live && setRoles({ kind: 'failed', text: failText(error) }),
    );
    return () => {
      live = false;
    };
  }, [failText]);

  const choices = useMemo(
    () =>
      roles.kind === 'ready'
        ? roles.value.roles.map((role) => ({
            value: String(role.id),
            label: role.status === 1 ? role.name : t('roleFunction.disabledRole', { name: role.name }),
          }))
        : [],
    [roles, t],
  );
  const locked = useMemo(
    () => (roles.kind !== 'ready' || roles.value.callerSuperMan ? new Set<string>() : lockedFor(roles.value.callerFunctions)),
    [roles],
  );

  return (
    <article className="page role-function">
      <h1>{t(tabTitleKey(PATH))}</h1>
      {roles.kind === 'loading' && <p role="status">{t('roleFunction.loading')}</p>}
      {roles.kind === 'failed' && <p role="alert" className="role-function__error">{roles.text}</p>}
      {roles.kind === 'ready' && choices.length === 0 && (
        <p className="role-function__notice" role="status">
          {t('roleFunction.noRoles')}
        </p>
      )}
      {choices.length > 0 && (
        <>
          <ChoiceField label={t('roleFunction.role')} placeholder={t('roleFunction.chooseRole')} choices={choices} value={roleId} onChange={setRoleId} autoFocus />
          {roleId !== '' && <RoleEditor key={roleId} roleId={Number(roleId)} locked={locked} />}
        </>
      )}
    </article>
  );
}

/** The chosen routes of one role and what the last read or save of it said. */
function RoleEditor({ roleId, locked }: { readonly roleId: number; readonly locked: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const failText = useFailureText();
  const [role, setRole] = useState<Loaded<RoleFunctions>>({ kind: 'loading' });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [conflict, setConflict] = useState<RoleFunctions | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchRoleFunctions(roleId).then(
      (value) => {
        if (!live) return;
        setRole({ kind: 'ready', value });
        setChosen(expandFunctions(value.functions));
      },
      (error: unknown) => live && setRole({ kind: 'failed', text: failText(error) }),
    );
    return () => {
      live = false;
    };
  }, [roleId, failText]);

  if (role.kind === 'loading') return <p role="status">{t('roleFunction.loading')}</p>;
  if (role.kind === 'failed') return <p role="alert" className="role-function__error">{role.text}</p>;

  const change = (next: Set<string>) => {
    setChosen(next);
    setMessage(undefined);
  };

  const save = async () => {
    if (chosen.size === 0) {
      setMessage(t('validation.required'));
      return;
    }
    setBusy(true);
    try {
      const outcome = await saveRoleFunctions(roleId, compactFunctions(chosen), role.value.version);
      if (outcome.kind === 'saved') {
        setRole({ kind: 'ready', value: outcome.role });
        setConflict(undefined);
        setMessage(undefined);
        showToast('success', { key: 'roleFunction.saved' });
      } else if (outcome.kind === 'refused') {
        setMessage(outcome.message);
      } else {
        // The choice stays; the next save is made knowingly on the version now stored, or the latest is loaded.
        setMessage(outcome.message);
        setConflict(outcome.current);
        setRole({ kind: 'ready', value: outcome.current });
      }
    } catch {
      // The client has shown the failure (toast or alert).
    } finally {
      setBusy(false);
    }
  };

  const loadLatest = (latest: RoleFunctions) => {
    setChosen(expandFunctions(latest.functions));
    setConflict(undefined);
    setMessage(undefined);
  };

  const all = allState(chosen);
  return (
    <section className="role-function__editor" aria-label={role.value.name}>
      <div className="role-function__tools">
        <span className="role-function__label" id="role-function-label">
          {t('roleFunction.functions')}
          <RequiredMark />
        </span>
        <TriStateCheckbox className="role-function__all" state={all} onToggle={() => change(toggleAll(chosen, locked))}>
          {t('roleFunction.selectAll')}
        </TriStateCheckbox>
        <span className="role-function__count">{t('roleFunction.chosenCount', { count: chosen.size, total: ROUTES.length })}</span>
        <button type="button" className="role-function__save" disabled={busy} onClick={() => void save()}>
          {t('roleFunction.save')}
        </button>
      </div>
      <p id={MESSAGE_ID} className="role-function__message" role="alert">
        {message}
        {conflict && (
          <button type="button" className="role-function__latest" onClick={() => loadLatest(conflict)}>
            {t('roleFunction.loadLatest')}
          </button>
        )}
      </p>
      {/* The tree takes no aria-invalid (a treegrid has none); its frame shows the refusal, its description says it. */}
      <div className="role-function__frame" data-invalid={message !== undefined || undefined}>
        <FunctionTree chosen={chosen} locked={locked} onChange={change} describedBy={MESSAGE_ID} />
      </div>
    </section>
  );
}
