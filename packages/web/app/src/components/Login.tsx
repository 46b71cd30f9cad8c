/**
 * The login form: a user and password (the `httpd_username`/`httpd_password` of the server, or
 * the password it printed at first start), or an API key. The server's refusal is shown as it
 * words it.
 */
import { useState } from 'preact/hooks';
import { describe } from '../api';
import { logIn } from '../session';

/** The form shown while nobody is logged in. */
export function Login() {
  const [withKey, setWithKey] = useState(false);
  const [user, setUser] = useState('svc');
  const [password, setPassword] = useState('');
  const [apikey, setApikey] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await logIn(withKey ? { apikey } : { user, password });
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="login">
      <form onSubmit={submit} aria-label="Log in">
        <h1>svc</h1>
        {withKey ? (
          <label>
            API key
            <input name="apikey" autoComplete="off" value={apikey} onInput={(event) => setApikey(event.currentTarget.value)} required />
          </label>
        ) : (
          <>
            <label>
              User
              <input name="user" autoComplete="username" value={user} onInput={(event) => setUser(event.currentTarget.value)} required />
            </label>
            <label>
              Password
              <input name="password" type="password" autoComplete="current-password" value={password} onInput={(event) => setPassword(event.currentTarget.value)} required />
            </label>
          </>
        )}
        <button type="submit" disabled={busy}>
          Log in
        </button>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
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
