// The change-password dialog (shell spec §4, §5): old password checked on blur, MD5 sent, logout 0.8 s after success.
import { assign, fromPromise, type ErrorActorEvent, setup } from 'xstate';
import { PASSWORD_CHANGE_LOGOUT_MS, type ToastType } from '../src/domain/constants';
import type { LocaleKey } from '../src/domain/i18n';
import { md5Hex } from '../src/domain/md5';
import { checkConfirmPassword, checkNewPassword } from '../src/domain/validation/password';

/** The error of a failed invoke, for the reportFailure action. */
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;

export const PASSWORD_FIELDS = ['oldPwd', 'pwd', 'confrimPwd'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];

export interface PasswordContext {
  readonly userId: number;
  readonly values: Readonly<Record<PasswordField, string>>;
  readonly errors: FieldErrors;
  /** The old password the server last judged, and its verdict; a new value must be checked again. */
  readonly oldVerdict?: { readonly value: string; readonly right: boolean };
  /** Submit was pressed while the blur check ran (a click on the button blurs the old password first). */
  readonly submitPending?: boolean;
}

export type PasswordEvent =
  | { type: 'password.input'; field: PasswordField; value: string }
  | { type: 'password.oldBlur' }
  | { type: 'password.submit' }
  | { type: 'password.cancel' };

/** Every problem of the form as it stands; the old password's verdict comes from the server. */
export function formProblems(context: PasswordContext): Partial<Record<PasswordField, LocaleKey>> {
  const { oldPwd, pwd, confrimPwd } = context.values;
  const problems: Partial<Record<PasswordField, LocaleKey>> = {};
  if (oldPwd === '') problems.oldPwd = 'password.inPutOldPwd';
  else if (context.oldVerdict?.value === oldPwd && !context.oldVerdict.right) problems.oldPwd = 'password.oldPwdError';
  const newProblem = checkNewPassword(pwd);
  if (newProblem) problems.pwd = newProblem;
  const confirmProblem = checkConfirmPassword(pwd, confrimPwd);
  if (confirmProblem) problems.confrimPwd = confirmProblem;
  return problems;
}

type FieldErrors = Readonly<Partial<Record<PasswordField, LocaleKey>>>;

function withoutError(errors: FieldErrors, field: PasswordField): FieldErrors {
  const copy = { ...errors };
  delete copy[field];
  return copy;
}

const verdictFor = (context: PasswordContext, right: boolean) => ({ value: context.values.oldPwd, right });
const withOldError = (context: PasswordContext, right: boolean): FieldErrors =>
  right ? withoutError(context.errors, 'oldPwd') : { ...context.errors, oldPwd: 'password.oldPwdError' };

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
    input: {} as { userId: number },
  },
  actions: {
    notify: (_, _message: { type: ToastType; key: LocaleKey }) => {},
    reportFailure: (_, _error: unknown) => {},
    /** Ends the session (the app sends session.logout). */
    logout: () => {},
    setValue: assign(({ context, event }) => {
      if (event.type !== 'password.input') return {};
      return { values: { ...context.values, [event.field]: event.value }, errors: withoutError(context.errors, event.field) };
    }),
    showProblems: assign({ errors: ({ context }) => formProblems(context) }),
  },
  actors: {
    /** Asks the server whether the MD5 of the typed old password is the user's (POST /verifyPwd). */
    verifyOld: fromPromise<boolean, { id: number; oldPwd: string }>(async () => false),
    /** PUT /userInfoPwd with the new password's MD5; resolves when the answer's resultCode is 200. */
    changePassword: fromPromise<void, { id: number; pwd: string }>(async () => {}),
  },
  guards: {
    oldEmpty: ({ context }) => context.values.oldPwd === '',
    oldJudged: ({ context }) => context.oldVerdict?.value === context.values.oldPwd,
    formInvalid: ({ context }) => Object.keys(formProblems(context)).length > 0,
    oldRight: (_, right: boolean) => right,
    submitWaiting: ({ context }, right: boolean) => right && context.submitPending === true,
  },
  delays: {
    logoutDelay: PASSWORD_CHANGE_LOGOUT_MS,
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({ userId: input.userId, values: { oldPwd: '', pwd: '', confrimPwd: '' }, errors: {} }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        // Typing after a pending submit withdraws it: the form the user confirmed has changed.
        'password.input': { actions: ['setValue', assign({ submitPending: false })] },
        'password.cancel': '#passwordChange.closed',
      },
      states: {
        idle: {
          on: {
            'password.oldBlur': [
              { guard: 'oldEmpty', actions: assign({ errors: ({ context }) => ({ ...context.errors, oldPwd: 'password.inPutOldPwd' as const }) }) },
              {
                guard: 'oldJudged',
                actions: assign({ errors: ({ context }) => withOldError(context, context.oldVerdict?.right ?? false) }),
              },
              { target: 'checkingOld' },
            ],
            'password.submit': [
              { guard: 'formInvalid', actions: 'showProblems' },
              { guard: 'oldJudged', target: '#passwordChange.submitting' },
              { target: 'checkingBeforeSubmit' },
            ],
          },
        },
        checkingOld: {
          on: {
            'password.submit': [{ guard: 'formInvalid', actions: 'showProblems' }, { actions: assign({ submitPending: true }) }],
          },
          invoke: {
            src: 'verifyOld',
            input: ({ context }) => ({ id: context.userId, oldPwd: md5Hex(context.values.oldPwd) }),
            onDone: [
              {
                guard: { type: 'submitWaiting', params: ({ event }) => event.output },
                target: '#passwordChange.submitting',
                actions: assign(({ context }) => ({ oldVerdict: verdictFor(context, true), submitPending: false })),
              },
              {
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  oldVerdict: verdictFor(context, event.output),
                  errors: withOldError(context, event.output),
                  submitPending: false,
                })),
              },
            ],
            onError: { target: 'idle', actions: [assign({ submitPending: false }), { type: 'reportFailure', params: errorOf }] },
          },
        },
        checkingBeforeSubmit: {
          invoke: {
            src: 'verifyOld',
            input: ({ context }) => ({ id: context.userId, oldPwd: md5Hex(context.values.oldPwd) }),
            onDone: [
              {
                guard: { type: 'oldRight', params: ({ event }) => event.output },
                target: '#passwordChange.submitting',
                actions: assign({ oldVerdict: ({ context }) => verdictFor(context, true) }),
              },
              {
                target: 'idle',
                actions: assign(({ context }) => ({ oldVerdict: verdictFor(context, false), errors: withOldError(context, false) })),
              },
            ],
            onError: { target: 'idle', actions: { type: 'reportFailure', params: errorOf } },
          },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ id: context.userId, pwd: md5Hex(context.values.pwd) }),
        onDone: { target: 'changed', actions: { type: 'notify', params: { type: 'success', key: 'password.changeSuccess' } } },
        onError: { target: 'editing', actions: { type: 'notify', params: { type: 'error', key: 'password.changeFail' } } },
      },
    },
    /** Changed: the user is logged out after 0.8 s, so they log in again with the new password. */
    changed: {
      after: { logoutDelay: { target: 'loggedOut', actions: 'logout' } },
    },
    loggedOut: { type: 'final' },
    closed: { type: 'final' },
  },
});

export type PasswordChangeMachine = typeof passwordChangeMachine;
