/**
 * The first-run form, shown instead of the login form while the server has no admin login
 * (started with `svc start --setup`): a user name and the password twice. The server checks
 * the password (long enough, not the user name) and says why it refuses one; once it takes the
 * login the app logs in with it. Should someone else set the login first, the server's refusal
 * is shown and the login form is a click away.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../api';
import { needsSetup, serverUser, setUpLogin } from '../session';
import { useFormSubmit } from '../use-form-submit';
import { ErrorLine } from './ErrorLine';
import { LabelledInput } from './LabelledInput';

/** The form that sets the first admin login. */
export function FirstRun() {
  const [user, setUser] = useState('svc');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const { busy, error, failure, onSubmit } = useFormSubmit(async () => {
    if (password !== again) throw new Error('The two passwords differ; type the same password twice.');
    await setUpLogin(user, password);
  });
  const taken = failure instanceof ApiError && failure.status === 403;
  return (
    <main class="login">
      <form onSubmit={onSubmit} aria-label="Set up the admin login">
        <h1>svc</h1>
        <p>This server has no admin login yet. Choose the user name and password that will be the admin login; everything else stays locked until it is set.</p>
        <LabelledInput label="User" name="user" autoComplete="username" value={user} onValue={setUser} />
        <LabelledInput label="Password" name="password" secret autoComplete="new-password" value={password} onValue={setPassword} />
        <LabelledInput label="Password again" name="password2" secret autoComplete="new-password" value={again} onValue={setAgain} />
        <button type="submit" disabled={busy}>
          Set login
        </button>
        <ErrorLine error={error} />
        {taken && (
          <button type="button" class="link" onClick={() => (needsSetup.value = false)}>
            Log in with the login that is set
          </button>
        )}
        <p class="muted small">
          At least 8 characters, not the user name. svc keeps the login in <code>svc_httpd.conf</code> in the config directory of {serverUser.value ? <code>{serverUser.value}</code> : 'the user it runs as'} (readable only by that user).
        </p>
      </form>
    </main>
  );
}
