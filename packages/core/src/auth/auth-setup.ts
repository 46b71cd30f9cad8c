/**
 * Who may log in, from config: the admin login (found, generated, or left for first-run setup),
 * the API key store (`httpd_session_db`, `httpd_max_api_keys`), the session table
 * (`httpd_session_timeout`) and the authenticator the HTTP app asks. A service that never
 * listens (`svc capture`) looks no admin up.
 */
import type { Config } from '../config/config.js';
import { expandPath } from '../config/config-loader.js';
import { ApiKeyStore } from './api-keys.js';
import { Authenticator } from './authenticator.js';
import { AdminLogin, authFilePath, resolveAdminLogin } from './credentials.js';
import { SessionStore } from './sessions.js';

/** The logins of one server. */
export interface AuthSetup {
  /** The admin login in force: `generated` on the start that created it, `unset` in first-run setup until one is set. */
  readonly admin: AdminLogin;
  readonly apiKeys: ApiKeyStore;
  readonly authenticator: Authenticator;
}

/** Sets up the logins from config; `serve` false looks no login up (nothing listens, nobody logs in). */
export function createAuth(config: Config, serve: boolean): AuthSetup {
  const admin = serve ? resolveAdminLogin(config) : new AdminLogin({ file: authFilePath(config), source: 'unset' });
  const apiKeys = new ApiKeyStore(expandPath(config.get('httpd_session_db')!, config.configDir), undefined, config.getNumber('httpd_max_api_keys', 1000, { min: 1, integer: true }));
  const sessions = new SessionStore(config.getNumber('httpd_session_timeout', 7200, { min: 1 }));
  return { admin, apiKeys, authenticator: new Authenticator(admin, apiKeys, sessions) };
}
