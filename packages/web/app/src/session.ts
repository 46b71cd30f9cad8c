/**
 * Who is logged in. The login form posts to `session/login.cmd`, which sets the HttpOnly `SVC`
 * cookie. On load the app asks `system/user_status.json`, which answers without a login and
 * names the request's login when the cookie holds one, so a fresh page calls no route that would
 * answer 401; without a login, `session/check_setup_ok` says whether the server has one at all
 * (500: first-run setup, the app shows the setup form). The role decides which buttons the app
 * shows (a readonly login sees no admin actions).
 */
import { computed, signal } from '@preact/signals';
import { answerStatus, command, get, postForm, whenUnauthorized } from './api';

/** A login as the server describes it. */
export interface Login {
  readonly name: string;
  readonly role: string;
  readonly method: string;
}

/** The current login: undefined while checking, null when logged out. */
export const login = signal<Login | null | undefined>(undefined);

/** True while the server has no admin login yet (first run): the app shows the setup form instead of the login form. */
export const needsSetup = signal(false);

/** The Unix user the server runs as, which the setup form names (its config dir keeps the login). */
export const serverUser = signal('');

/** Whether the login may use admin actions. */
export const isAdmin = computed(() => login.value?.role === 'admin');

const fromRecord = (record: Record<string, string>): Login => ({ name: record['svc.login.name']!, role: record['svc.login.role']!, method: record['svc.login.method']! });

whenUnauthorized(() => {
  login.value = null;
});

/** Asks the server whether the cookie still holds a login and, when not, whether one is set at all. */
export async function checkSession(): Promise<void> {
  const status = await get<Record<string, string>>('system/user_status.json');
  serverUser.value = status['svc.system.user'] ?? '';
  if (status['svc.login.name'] !== undefined) {
    login.value = fromRecord(status);
    return;
  }
  needsSetup.value = (await answerStatus('session/check_setup_ok')) === 500;
  login.value = null;
}

/** Sets the server's first admin login (first-run setup), then logs in with it; throws the server's reason when refused. */
export async function setUpLogin(user: string, password: string): Promise<void> {
  await postForm('session/set_password', { username: user, password });
  needsSetup.value = false;
  await logIn({ user, password });
}

/** Logs in with a user and password, or an API key; throws the server's reason when refused. */
export async function logIn(credentials: { user: string; password: string } | { apikey: string }): Promise<void> {
  login.value = fromRecord(await command('session/login.cmd', credentials));
}

/** Logs out: the server ends the session and clears the cookie. */
export async function logOut(): Promise<void> {
  try {
    await command('session/logout.cmd');
  } finally {
    login.value = null;
  }
}
