/**
 * Who a request acts as. Every route names a role; a login carries exactly one. Roles are not
 * hierarchical, except that `admin` may use every route.
 */

/**
 * The roles a login or API key can have: Kismet's (`ADSB`, `WEBGPS` spelled in lower case as
 * svc's other roles are). `adsb` reads the live ADS-B frame websockets and nothing else, for a
 * feeder or map that should see no other data.
 */
export const ROLES = ['admin', 'readonly', 'datasource', 'scanreport', 'webgps', 'adsb'] as const;

/** One of {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/** How the caller proved who they are. */
export type LoginMethod = 'password' | 'session' | 'apikey';

/** The identity attached to an authenticated request. */
export interface Login {
  /** User name for password and session logins; the key's name for API keys. */
  readonly name: string;
  readonly role: Role;
  readonly method: LoginMethod;
}

/** Who a login is, as `/session/whoami` and `/system/user_status` answer it (the `svc.login.*` fields). */
export function loginRecord(login: Login): Record<string, string> {
  return { 'svc.login.name': login.name, 'svc.login.role': login.role, 'svc.login.method': login.method };
}

/** True when a string names a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when a login may use a route that requires `required` (one role, `any`, or any of a list of roles). */
export function roleAllows(login: Login, required: Role | 'any' | readonly Role[]): boolean {
  if (login.role === 'admin' || required === 'any') return true;
  return typeof required === 'string' ? login.role === required : required.includes(login.role);
}

/**
 * Who a login is for per-login limits (dumps, monitor subscriptions): an API key by its name, a
 * user by theirs, kept apart so a key named like a user shares nothing with them.
 */
export function loginIdentity(login: Login | undefined): string {
  if (!login) return 'anonymous';
  return `${login.method === 'apikey' ? 'apikey' : 'user'}:${login.name}`;
}
