/**
 * The admin login. It comes from `httpd_username`/`httpd_password` in the config files or on the
 * command line; otherwise from the auth file in the config dir (`svc_httpd.conf`). On first start
 * with neither, svc writes a random password for user `svc` to that file (0600) and reports it
 * once, so the server is never reachable without a login.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { expandPath } from '../config/config-loader.js';
import { parseConf } from '../config/conf-parser.js';
import { SvcError } from '../errors.js';
import { writeSecretFile } from '../util/secret-file.js';
import { randomPassword } from './secrets.js';

/** The admin user name and password, and where they came from. */
export interface AdminCredentials {
  readonly username: string;
  readonly password: string;
  /** The file the login was read from or written to; undefined when set in config or flags. */
  readonly file?: string;
  /** True when this start generated the password (print it once). */
  readonly generated: boolean;
}

/** Default user name of the generated login. */
export const DEFAULT_ADMIN_USER = 'svc';

/** Finds the admin login, creating one on first start. */
export function resolveAdminCredentials(config: Config): AdminCredentials {
  const username = config.get('httpd_username');
  const password = config.get('httpd_password');
  if (username !== undefined || password !== undefined) {
    if (!username || !password) {
      const setKey = username ? 'httpd_username' : 'httpd_password';
      throw new SvcError(
        'SVC_ERR_CONFIG_VALUE',
        `httpd_username and httpd_password must be set together; only ${setKey} is set (${config.origin(setKey)})`,
      );
    }
    return { username, password, generated: false };
  }

  const file = expandPath(config.get('httpd_auth_file')!, config.configDir);
  if (existsSync(file)) {
    const entries = parseConf(readFileSync(file, 'utf8'), file);
    const stored = new Map(entries.map((entry) => [entry.key, entry.value]));
    const storedUser = stored.get('httpd_username');
    const storedPassword = stored.get('httpd_password');
    if (storedUser && storedPassword) return { username: storedUser, password: storedPassword, file, generated: false };
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${file} must set both httpd_username and httpd_password; fix it or delete it to have a new login generated`);
  }

  const generated = randomPassword();
  writeSecretFile(
    file,
    `# svc admin login, generated on first start. Change it here and restart svc.\nhttpd_username=${DEFAULT_ADMIN_USER}\nhttpd_password=${generated}\n`,
  );
  return { username: DEFAULT_ADMIN_USER, password: generated, file, generated: true };
}
