// A master-data form's state as pure functions: the values it opens with, what it sends, the rules' messages by field,
// and after a stale save the fields whose latest value differs from the user's input.
import type { EntityDef, EntityField } from '../../../../domain/screens/entities/definition';
import { confirmKey, entityProblems, fieldProblem, fileContentKey, isCreateOnly, type EntityInput, type FieldProblem } from '../../../../domain/screens/entities/validate';
import { checkPasswordConfirmation } from '../../../../domain/validation';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import type { LocaleKey, LocaleValues } from '../../../../domain/i18n';
import { inputText } from './entity-values';

/** A new row, or an edit of a row as it was read. */
export type FormMode = { readonly kind: 'create' } | { readonly kind: 'update'; readonly row: EntityRow };

/** A field's message: a rule's locale key (checked here), or the server's text (a rule it refused). */
export type FieldMessage = { readonly key: LocaleKey; readonly params?: LocaleValues } | { readonly text: string };

export type FormValues = Readonly<Record<string, string>>;

/** A fixed field (a code other rows refer to) is set when the row is created and only shown after; one the server sets is only shown. */
export function isEditable(field: EntityField, mode: FormMode): boolean {
  if (field.readOnly === true) return false;
  return mode.kind === 'create' || !isCreateOnly(field);
}

/** A password's second entry, checked against the first. */
function confirmationOf(field: EntityField): EntityField {
  return { key: confirmKey(field), labelKey: 'entity.field.passwordConfirm', type: 'password', required: true };
}

const confirmed = (def: EntityDef, key: string) => def.fields.find((field) => field.type === 'password' && confirmKey(field) === key);

/**
 * The form's controls: every field, a password with its confirmation on a new row and not at all on an edit; a field
 * the server sets only on an edit (a new row has no value for it yet).
 */
export function formFields(def: EntityDef, mode: FormMode): readonly EntityField[] {
  return def.fields.flatMap((field) => {
    if (field.readOnly === true) return mode.kind === 'update' ? [field] : [];
    if (field.type !== 'password') return [field];
    return mode.kind === 'create' ? [field, confirmationOf(field)] : [];
  });
}

export function initialValues(def: EntityDef, mode: FormMode): FormValues {
  return Object.fromEntries(formFields(def, mode).map((field) => [field.key, mode.kind === 'update' ? inputText(mode.row.values[field.key]) : '']));
}

/** What the save sends: every editable field, trimmed but for passwords (sent as typed); an emptied optional field is sent empty, to clear it. */
export function formInput(def: EntityDef, mode: FormMode, values: FormValues): EntityInput {
  return Object.fromEntries(
    formFields(def, mode)
      .filter((field) => isEditable(field, mode))
      .flatMap((field): [string, string][] => {
        if (field.type === 'password') return [[field.key, values[field.key] ?? '']];
        const entry: [string, string] = [field.key, (values[field.key] ?? '').trim()];
        // A file goes with its content when one was chosen; an edit without one keeps the stored file.
        const content = field.type === 'file' ? values[fileContentKey(field)] : undefined;
        return content ? [entry, [fileContentKey(field), content]] : [entry];
      }),
  );
}

function messageOf(problem: FieldProblem): FieldMessage {
  return problem.params ? { key: problem.key, params: problem.params } : { key: problem.key };
}

/** Every field's first problem by field, as the save would find them; empty when the form may be sent. */
export function formMessages(def: EntityDef, mode: FormMode, values: FormValues): Record<string, FieldMessage> {
  const problems = entityProblems(def, formInput(def, mode, values), mode.kind);
  return Object.fromEntries(problems.map((problem) => [problem.field, messageOf(problem)]));
}

/** One field's message after the user left it, or undefined when its value is fine; a confirmation is checked against its password. */
export function fieldMessage(def: EntityDef, field: EntityField, value: string, values: FormValues): FieldMessage | undefined {
  const password = confirmed(def, field.key);
  if (password) {
    const key = checkPasswordConfirmation(values[password.key] ?? '', value);
    return key && { key };
  }
  const problem = fieldProblem(field, value);
  return problem && messageOf(problem);
}

/** The editable fields whose value in `current` (the row as it is now) is not what the form holds. */
export function differingFields(def: EntityDef, mode: FormMode, values: FormValues, current: EntityRow): readonly EntityField[] {
  return def.fields.filter((field) => (isEditable(field, mode) || field.readOnly === true) && inputText(current.values[field.key]).trim() !== (values[field.key] ?? '').trim());
}
