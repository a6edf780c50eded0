// The login screen: user name, password and a four-character verification code (shell spec §2, §5).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkLoginForm, generateCaptcha, loginCredentials, type LoginFormInput } from '../../domain/login-form';
import { captchaImageUrl } from './captcha-image';
import './login.css';

export interface LoginPageProps {
  /** Sends the credentials; resolves to an error text to show, or undefined once logged in. */
  readonly onLogin: (credentials: { username: string; password: string }) => Promise<string | undefined>;
  /** Called on each edit of the form: someone is about to log in, so what comes after login may be fetched now. */
  readonly onTyping?: () => void;
}

export function LoginPage({ onLogin, onTyping }: LoginPageProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<LoginFormInput>({ username: '', password: '', code: '' });
  const [captcha, setCaptcha] = useState(() => generateCaptcha());
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const username = useRef<HTMLInputElement>(null);
  // Not autoFocus: React focuses those while committing, which forces the page's first layout into the same task.
  useEffect(() => username.current?.focus(), []);

  const field = (name: keyof LoginFormInput) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => {
      onTyping?.();
      setForm({ ...form, [name]: e.target.value });
    },
  });

  const newCaptcha = () => {
    setCaptcha(generateCaptcha());
    setForm((f) => ({ ...f, code: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkLoginForm(form, captcha);
    if (problem) {
      setError(t(problem));
      if (problem === 'login.codeWrong') newCaptcha();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const failure = await onLogin(loginCredentials(form));
      if (failure !== undefined) {
        setError(failure);
        newCaptcha();
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
            <input {...field('code')} maxLength={captcha.length} autoComplete="off" />
          </label>
          <button type="button" className="login__captcha" onClick={newCaptcha} title={t('login.refreshCode')}>
            <img src={captchaImageUrl(captcha)} alt={t('login.codeImage', { code: captcha })} />
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
