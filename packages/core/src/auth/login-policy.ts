/**
 * What an admin login set over HTTP (`/session/set_password`) must be. The login is the key to
 * every route, so a weak password is refused with a sentence saying why; and it is stored as
 * `key=value` lines that the config parser trims, so names and passwords that would not read
 * back exactly as given (control characters, edge spaces) are refused too.
 */

/** The shortest password accepted. */
export const MIN_PASSWORD_LENGTH = 8;

const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a user name and password cannot be the admin login; undefined when they can. */
export function loginProblem(username: string, password: string): string | undefined {
  if (username === '') return 'The user name is empty';
  if (/[\s:]/.test(username) || CONTROL.test(username)) return "The user name may not contain spaces, ':' or control characters";
  if (password === '') return 'The password is empty';
  if ([...password].length < MIN_PASSWORD_LENGTH) return `The password is too short: it needs at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password === username) return 'The password may not be the user name';
  if (new Set(password).size === 1) return 'The password may not be one character repeated';
  if (CONTROL.test(password) || password.trim() !== password) return 'The password may not contain control characters or begin or end with a space';
  return undefined;
}
