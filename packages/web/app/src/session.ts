/**
 * Who is logged in. The login form posts to `session/login.cmd`, which sets the HttpOnly `SVC`
 * cookie; on load `session/whoami.json` tells whether that cookie is still good. The role
 * decides which buttons the app shows (a readonly login sees no admin actions).
 */
import { computed, signal } from '@preact/signals';
import { ApiError, command, get, whenUnauthorized } from './api';

/** A login as the server describes it. */
export interface Login {
  readonly name: string;
  readonly role: string;
  readonly method: string;
}

/** The current login: undefined while checking, null when logged out. */
export const login = signal<Login | null | undefined>(undefined);

/** Whether the login may use admin actions. */
export const isAdmin = computed(() => login.value?.role === 'admin');

const fromRecord = (record: Record<string, string>): Login => ({ name: record['svc.login.name']!, role: record['svc.login.role']!, method: record['svc.login.method']! });

whenUnauthorized(() => {
  login.value = null;
});

/** Asks the server whether the cookie still holds a login. */
export async function checkSession(): Promise<void> {
  try {
    login.value = fromRecord(await get('session/whoami.json'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) login.value = null;
    else throw error;
  }
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
