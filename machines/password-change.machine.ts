// The change-password dialog (shell spec §4, §5): old password checked on blur, MD5 sent, logout 0.8 s after success.
// Where the backend has no blur check (the legacy backend lacks POST /verifyPwd), the check goes with the change.
import { assign, fromPromise, type ErrorActorEvent, setup } from 'xstate';
import { PASSWORD_CHANGE_LOGOUT_MS, type ToastType } from '../domain/constants';
import type { LocaleKey } from '../domain/i18n';
import { md5Hex } from '../domain/md5';
import { checkConfirmPassword, checkNewPassword } from '../domain/validation/password';

/** The error of a failed invoke, for the reportFailure action. */
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;

export const PASSWORD_FIELDS = ['oldPwd', 'pwd', 'confrimPwd'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];

/**
 * What the blur check learned: the server's verdict, or `unavailable` when the backend has no such check. The spec's
 * own check compares with a stored hash the login answer would carry; neither backend sends one (ours never hands out a
 * hash, and the spec names no such field), so the check is deferred to the change instead.
 */
export type OldPasswordCheck = 'right' | 'wrong' | 'unavailable';

/** How a change ended that the server answered: changed, or refused because the old password sent with it is wrong. */
export type PasswordChangeOutcome = 'changed' | 'oldWrong';

interface PasswordContext {
  readonly userId: number;
  readonly values: Readonly<Record<PasswordField, string>>;
  readonly errors: FieldErrors;
  /** The old password the server last judged, and its verdict; a new value must be checked again. */
  readonly oldVerdict?: { readonly value: string; readonly right: boolean };
  /** Submit was pressed while the blur check ran (a click on the button blurs the old password first). */
  readonly submitPending?: boolean;
  /** The backend has no blur check: the form lets the user go on, and the change itself judges the old password. */
  readonly checkWithChange?: boolean;
}

type PasswordEvent =
  | { type: 'password.input'; field: PasswordField; value: string }
  | { type: 'password.oldBlur' }
  | { type: 'password.submit' }
  | { type: 'password.cancel' };

/** The old password as typed was found wrong (by the blur check, or by a refused change while the check is deferred). */
function knownWrong(context: PasswordContext): boolean {
  return context.oldVerdict?.value === context.values.oldPwd && !context.oldVerdict.right;
}

/** Every problem of the form as it stands; the old password's verdict comes from the server. */
function formProblems(context: PasswordContext): Partial<Record<PasswordField, LocaleKey>> {
  const { oldPwd, pwd, confrimPwd } = context.values;
  const problems: Partial<Record<PasswordField, LocaleKey>> = {};
  if (oldPwd === '') problems.oldPwd = 'password.inPutOldPwd';
  else if (knownWrong(context)) problems.oldPwd = 'password.oldPwdError';
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

/** Context after a blur check: its verdict and the field's error, or, with no check on the server, nothing to wait for. */
function afterCheck(context: PasswordContext, check: OldPasswordCheck): Partial<PasswordContext> {
  if (check === 'unavailable') return { checkWithChange: true, errors: withoutError(context.errors, 'oldPwd'), submitPending: false };
  const right = check === 'right';
  return { oldVerdict: verdictFor(context, right), errors: withOldError(context, right), submitPending: false };
}

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
    judgeOld: assign(({ context }, check: OldPasswordCheck) => afterCheck(context, check)),
    /** The change was refused for the old password sent with it: shown on that field, as the blur check would. */
    refuseOld: assign(({ context }) => ({ oldVerdict: verdictFor(context, false), errors: withOldError(context, false) })),
  },
  actors: {
    /** Asks the server whether the MD5 of the typed old password is the user's (POST /verifyPwd); `unavailable` without it. */
    verifyOld: fromPromise<OldPasswordCheck, { id: number; oldPwd: string }>(async () => 'wrong'),
    /**
     * PUT /userInfoPwd with the MD5s of the new and the old password: the old one is the server's proof whatever the
     * blur check found (the only proof where there is none, and it outlasts a check made long before). Rejects when the
     * change failed for any other reason.
     */
    changePassword: fromPromise<PasswordChangeOutcome, { id: number; pwd: string; oldPwd: string }>(async () => 'changed'),
  },
  guards: {
    oldEmpty: ({ context }) => context.values.oldPwd === '',
    /** Nothing to ask the server about this value: judged already, or the change will judge it. */
    oldJudged: ({ context }) => context.oldVerdict?.value === context.values.oldPwd || context.checkWithChange === true,
    formInvalid: ({ context }) => Object.keys(formProblems(context)).length > 0,
    oldNotWrong: (_, check: OldPasswordCheck) => check !== 'wrong',
    submitWaiting: ({ context }, check: OldPasswordCheck) => check !== 'wrong' && context.submitPending === true,
    oldRefused: (_, outcome: PasswordChangeOutcome) => outcome === 'oldWrong',
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
              { guard: 'oldJudged', actions: assign({ errors: ({ context }) => withOldError(context, !knownWrong(context)) }) },
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
                actions: { type: 'judgeOld', params: ({ event }) => event.output },
              },
              { target: 'idle', actions: { type: 'judgeOld', params: ({ event }) => event.output } },
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
                guard: { type: 'oldNotWrong', params: ({ event }) => event.output },
                target: '#passwordChange.submitting',
                actions: { type: 'judgeOld', params: ({ event }) => event.output },
              },
              { target: 'idle', actions: { type: 'judgeOld', params: ({ event }) => event.output } },
            ],
            onError: { target: 'idle', actions: { type: 'reportFailure', params: errorOf } },
          },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ id: context.userId, pwd: md5Hex(context.values.pwd), oldPwd: md5Hex(context.values.oldPwd) }),
        onDone: [
          { guard: { type: 'oldRefused', params: ({ event }) => event.output }, target: 'editing', actions: 'refuseOld' },
          { target: 'changed', actions: { type: 'notify', params: { type: 'success', key: 'password.changeSuccess' } } },
        ],
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
