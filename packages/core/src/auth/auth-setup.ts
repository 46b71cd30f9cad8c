/**
 * Who may log in, from config: the admin login (found or generated), the API key store
 * (`httpd_session_db`, `httpd_max_api_keys`), the session table (`httpd_session_timeout`) and the
 * authenticator the HTTP app asks. A service that never listens (`svc capture`) looks no admin up.
 */
import type { Config } from '../config/config.js';
import { expandPath } from '../config/config-loader.js';
import { ApiKeyStore } from './api-keys.js';
import { Authenticator } from './authenticator.js';
import { DEFAULT_ADMIN_USER, resolveAdminCredentials, type AdminCredentials } from './credentials.js';
import { randomPassword } from './secrets.js';
import { SessionStore } from './sessions.js';

/** The logins of one server. */
export interface AuthSetup {
  /** The admin login in force; `generated` is true on the start that created it. */
  readonly admin: AdminCredentials;
  readonly apiKeys: ApiKeyStore;
  readonly authenticator: Authenticator;
}

/** Sets up the logins from config; `serve` false makes a throwaway admin (nothing listens). */
export function createAuth(config: Config, serve: boolean): AuthSetup {
  const admin: AdminCredentials = serve ? resolveAdminCredentials(config) : { username: DEFAULT_ADMIN_USER, password: randomPassword(), generated: false };
  const apiKeys = new ApiKeyStore(expandPath(config.get('httpd_session_db')!, config.configDir), undefined, config.getNumber('httpd_max_api_keys', 1000, { min: 1, integer: true }));
  const sessions = new SessionStore(config.getNumber('httpd_session_timeout', 7200, { min: 1 }));
  return { admin, apiKeys, authenticator: new Authenticator(admin, apiKeys, sessions) };
}
