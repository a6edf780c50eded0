// The login screen: user name, password and a four-character verification code (shell spec §2, §5); once our server
// asks for its own challenge, its picture stands in place of the drawn code (docs/api.md, Sessions and passwords).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkLoginForm, generateCaptcha, loginCredentials, type LoginCredentials, type LoginFormInput } from '../../../domain/login-form';
import type { LoginChallenge } from '../../../domain/wire/login-challenge';
import { captchaImageUrl } from './captcha-image';
import { ChallengeRefusal } from './challenge-refusal';
import './login.css';

/** Why a login failed: the text to show, and whether the server asks for its challenge from now on. */
export interface LoginRefusal {
  readonly text: string;
  readonly challengeRequired: boolean;
}

interface LoginPageProps {
  /** Sends the credentials; resolves to the refusal to show, or undefined once logged in. */
  readonly onLogin: (credentials: LoginCredentials) => Promise<LoginRefusal | undefined>;
  /**
   * Fetches a new challenge of the server's; the page asks only after the server refused a login for one. A
   * ChallengeRefusal's message is shown (the server will draw no more for a while); any other failure says "not loaded".
   */
  readonly loadChallenge: () => Promise<LoginChallenge>;
  /** Called on each edit of the form: someone is about to log in, so what comes after login may be fetched now. */
  readonly onTyping?: () => void;
}

/** The server's challenge in place of the drawn code: being fetched, shown, or not fetched (the picture retries). */
type ServerChallenge = { readonly phase: 'loading' } | { readonly phase: 'shown'; readonly challenge: LoginChallenge } | { readonly phase: 'failed' };

export function LoginPage({ onLogin, loadChallenge, onTyping }: LoginPageProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<LoginFormInput>({ username: '', password: '', code: '' });
  const [captcha, setCaptcha] = useState(() => generateCaptcha());
  /** Undefined while the page draws its own code; once the server asked, its challenge for the rest of the page's life. */
  const [server, setServer] = useState<ServerChallenge>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const username = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLInputElement>(null);
  /** The next challenge shown takes the focus: the user's next step is to type it. */
  const focusCode = useRef(false);
  // Not autoFocus: React focuses those while committing, which forces the page's first layout into the same task.
  useEffect(() => username.current?.focus(), []);
  useEffect(() => {
    if (server?.phase !== 'shown' || !focusCode.current) return;
    focusCode.current = false;
    code.current?.focus();
  }, [server]);

  const field = (name: keyof LoginFormInput) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => {
      onTyping?.();
      setForm({ ...form, [name]: e.target.value });
    },
  });

  function fetchChallenge() {
    setServer({ phase: 'loading' });
    loadChallenge().then(
      (challenge) => setServer({ phase: 'shown', challenge }),
      (error: unknown) => {
        setServer({ phase: 'failed' });
        if (error instanceof ChallengeRefusal) setError(error.message);
      },
    );
  }

  /** A new code: another drawing, or another challenge from the server once it asked for its own. */
  const newCode = (useServer = server !== undefined) => {
    if (useServer) fetchChallenge();
    else setCaptcha(generateCaptcha());
    setForm((f) => ({ ...f, code: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const shown = server?.phase === 'shown' ? server.challenge : undefined;
    const problem = server ? checkLoginForm(form, undefined) : checkLoginForm(form, captcha);
    if (problem) {
      setError(t(problem));
      if (problem === 'login.codeWrong') newCode();
      return;
    }
    if (server && !shown) {
      setError(t('login.challengeMissing'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const failure = await onLogin(loginCredentials(form, shown));
      if (failure !== undefined) {
        setError(failure.text);
        // A login that needed the challenge used it up, whatever the answer: after a refusal there is a new one to type.
        focusCode.current = failure.challengeRequired;
        newCode(failure.challengeRequired || server !== undefined);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <form className="login__form" onSubmit={submit} noValidate>
        <h1>{t('app.title')}</h1>
        <label>
          <span>{t('login.username')}</span>
          <input {...field('username')} ref={username} autoComplete="username" />
        </label>
        <label>
          <span>{t('login.password')}</span>
          <input {...field('password')} type="password" autoComplete="current-password" />
        </label>
        <div className="login__code">
          <label>
            <span>{t('login.code')}</span>
            <input
              {...field('code')}
              ref={code}
              maxLength={server?.phase === 'shown' ? server.challenge.length : server ? undefined : captcha.length}
              autoComplete="off"
              autoCapitalize={server ? 'characters' : undefined}
            />
          </label>
          {/* Not disabled while loading: a focused button that is disabled loses the keyboard's focus. */}
          <button
            type="button"
            className="login__captcha"
            onClick={() => server?.phase !== 'loading' && newCode()}
            title={t('login.refreshCode')}
            aria-busy={server?.phase === 'loading'}
          >
            {server === undefined ? (
              <img src={captchaImageUrl(captcha)} alt={t('login.codeImage', { code: captcha })} />
            ) : server.phase === 'shown' ? (
              <img className="login__challenge" src={server.challenge.image} alt={t('login.challengeImage')} />
            ) : (
              <span className="login__challenge-note">{t(server.phase === 'loading' ? 'login.challengeLoading' : 'login.challengeFailed')}</span>
            )}
          </button>
        </div>
        <p className="login__error" role="alert">
          {error}
        </p>
        <button type="submit" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}
