// The edit dialog's workflow: values as typed, each field checked when the user leaves it and all of them before
// sending; a refused field's message from the server; a stale save keeps the input and saves again on the new version.
import { useCallback, useState } from 'react';
import type { EntityDef, EntityField } from '../../../../domain/screens/entities/definition';
import { fileContentKey } from '../../../../domain/screens/entities/validate';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { showToast } from '../../../ui/notify';
import { reportFailure } from '../../reactions';
import { fieldMessage, formFields, formInput, formMessages, initialValues, type FieldMessage, type FormMode, type FormValues } from './entity-form';
import { saveEntity, saveRefusal, type SaveTarget } from './entity-calls';

interface EntityForm {
  readonly values: FormValues;
  readonly messages: Readonly<Record<string, FieldMessage>>;
  /** After a stale save: the row as it is now (who changed it, when, its values). */
  readonly conflict: EntityRow | undefined;
  readonly saving: boolean;
  /** While a save carrying a file is sent: the fraction sent (1: the server is checking it). */
  readonly progress: number | undefined;
  change(key: string, value: string): void;
  /** A file field's file taken: its name and base64 content, its message cleared. */
  takeFile(field: EntityField, name: string, content: string): void;
  /** Checks one field (the user left it, or chose a value). */
  check(key: string, value?: string): void;
  /** Shows a message under a field that its rule does not give (an uploaded file refused). */
  show(key: string, message: FieldMessage): void;
  /** Checks every field and sends when all pass; resolves to the first field with a message, if any. */
  submit(): Promise<string | undefined>;
}

export function useEntityForm(def: EntityDef, mode: FormMode, onSaved: () => void): EntityForm {
  const [values, setValues] = useState<FormValues>(() => initialValues(def, mode));
  const [messages, setMessages] = useState<Readonly<Record<string, FieldMessage>>>({});
  const [conflict, setConflict] = useState<EntityRow | undefined>(undefined);
  const [version, setVersion] = useState(mode.kind === 'update' ? mode.row.version : 0);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | undefined>(undefined);

  const setMessage = useCallback((key: string, message: FieldMessage | undefined) => {
    setMessages((current) => {
      if (message === undefined && !(key in current)) return current;
      const next = { ...current };
      if (message === undefined) delete next[key];
      else next[key] = message;
      return next;
    });
  }, []);

  const change = useCallback((key: string, value: string) => setValues((current) => ({ ...current, [key]: value })), []);

  const takeFile = useCallback(
    (field: EntityField, name: string, content: string) => {
      setValues((current) => ({ ...current, [field.key]: name, [fileContentKey(field)]: content }));
      setMessage(field.key, undefined);
    },
    [setMessage],
  );

  const check = useCallback(
    (key: string, value?: string) => {
      const field = formFields(def, mode).find((candidate) => candidate.key === key);
      if (field) setMessage(key, fieldMessage(def, field, value ?? values[key] ?? '', values));
    },
    [def, mode, values, setMessage],
  );

  const submit = async (): Promise<string | undefined> => {
    const found = formMessages(def, mode, values);
    setMessages(found);
    const first = formFields(def, mode).find((field) => field.key in found)?.key;
    if (first !== undefined || saving) return first;
    const target: SaveTarget = mode.kind === 'create' ? { kind: 'create' } : { kind: 'update', key: mode.row.key, version };
    setSaving(true);
    try {
      await saveEntity(def, target, formInput(def, mode, values), setProgress);
      showToast('success', { key: 'entity.saved' });
      onSaved();
      return undefined;
    } catch (error) {
      return refused(error);
    } finally {
      setSaving(false);
      setProgress(undefined);
    }
  };

  /** Shows a refusal where it belongs; resolves to the field to focus. */
  const refused = (error: unknown): string | undefined => {
    const refusal = saveRefusal(error);
    if (refusal?.kind === 'conflict') {
      // The input stays; the next save is against the version the server has now.
      setConflict(refusal.current);
      setVersion(refusal.current.version);
      return undefined;
    }
    if (refusal?.kind === 'field' && formFields(def, mode).some((field) => field.key === refusal.field)) {
      setMessage(refusal.field, { text: refusal.message });
      return refusal.field;
    }
    reportFailure(error);
    return undefined;
  };

  return { values, messages, conflict, saving, progress, change, takeFile, check, show: setMessage, submit };
}
