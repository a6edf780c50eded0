// The console's routes. The full shell (guard, layout, tabs) arrives with issue 5; today only the login screen exists.
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { LoginPage } from './login/LoginPage';
import { requestEnvelope, TransportError } from '../api/http';

function NotAvailable() {
  const { t } = useTranslation();
  return (
    <main style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>{t('app.title')}</h1>
      <p>{t('app.notAvailable')}</p>
    </main>
  );
}

export function App() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();

  async function login(credentials: { username: string; password: string }): Promise<string | undefined> {
    try {
      const answer = await requestEnvelope<unknown>('POST', '/login', { body: { ...credentials, ip: '', area: '' } });
      if (answer.resultCode !== 200) return answer.message;
      navigate('/dashboard');
      return undefined;
    } catch (error) {
      return t(error instanceof TransportError && error.kind === 'http500' ? 'error.requestFailed' : 'error.network');
    }
  }

  return (
    <Switch>
      <Route path="/login">
        <LoginPage onLogin={login} />
      </Route>
      <Route path="/dashboard" component={NotAvailable} />
      <Route>
        <Redirect to="/login" />
      </Route>
    </Switch>
  );
}
