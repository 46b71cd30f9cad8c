/**
 * The login form: a user and password (the `httpd_username`/`httpd_password` of the server, or
 * the password it printed at first start), or an API key. The server's refusal is shown as it
 * words it.
 */
import { useState } from 'preact/hooks';
import { logIn } from '../session';
import { useFormSubmit } from '../use-form-submit';
import { ErrorLine } from './ErrorLine';
import { LabelledInput } from './LabelledInput';

/** The form shown while nobody is logged in. */
export function Login() {
  const [withKey, setWithKey] = useState(false);
  const [user, setUser] = useState('svc');
  const [password, setPassword] = useState('');
  const [apikey, setApikey] = useState('');
  const { busy, error, onSubmit } = useFormSubmit(() => logIn(withKey ? { apikey } : { user, password }));
  return (
    <main class="login">
      <form onSubmit={onSubmit} aria-label="Log in">
        <h1>svc</h1>
        {withKey ? (
          <LabelledInput label="API key" name="apikey" autoComplete="off" value={apikey} onValue={setApikey} />
        ) : (
          <>
            <LabelledInput label="User" name="user" autoComplete="username" value={user} onValue={setUser} />
            <LabelledInput label="Password" name="password" secret autoComplete="current-password" value={password} onValue={setPassword} />
          </>
        )}
        <button type="submit" disabled={busy}>
          Log in
        </button>
        <ErrorLine error={error} />
        <button type="button" class="link" onClick={() => setWithKey(!withKey)}>
          {withKey ? 'Log in with a user and password' : 'Log in with an API key'}
        </button>
        <p class="muted small">
          At first start svc prints the password of user <code>svc</code> once and keeps it in <code>svc_httpd.conf</code> in its config directory.
        </p>
      </form>
    </main>
  );
}
