/**
 * The admin login. It comes from `httpd_username`/`httpd_password` in the config files or on the
 * command line (fixed: Kismet's "global" login); otherwise from the auth file in the config dir
 * (`svc_httpd.conf`). On a first start with neither, svc either writes a random password for
 * user `svc` to that file (0600) and reports it once (the default, so a server is never
 * reachable without a login), or, with `httpd_first_login=web`, starts with no login at all
 * (first-run setup): every route that needs a login is locked until one is set through
 * `/session/set_password`, as Kismet does.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { expandPath } from '../config/config-loader.js';
import { parseConf } from '../config/conf-parser.js';
import { SvcError } from '../errors.js';
import { writeSecretFile } from '../util/secret-file.js';
import { loginProblem } from './login-policy.js';
import { randomPassword, secretsEqual } from './secrets.js';

/**
 * Where the admin login in force comes from: `config` (svc.conf or the command line; it cannot
 * be changed over HTTP), `file` (the auth file), or `unset` (first-run setup, nobody can log in).
 */
export type AdminLoginSource = 'config' | 'file' | 'unset';

/** What a first start does when no login is configured (`httpd_first_login`). */
export const FIRST_LOGIN_MODES = ['generate', 'web'] as const;

/** One of {@link FIRST_LOGIN_MODES}. */
export type FirstLoginMode = (typeof FIRST_LOGIN_MODES)[number];

/** Default user name of the generated login. */
export const DEFAULT_ADMIN_USER = 'svc';

/** How an {@link AdminLogin} starts. */
export interface AdminLoginState {
  /** The auth file: where the login was read from, and where a login set over HTTP is written. */
  readonly file: string;
  readonly source: AdminLoginSource;
  readonly username?: string;
  readonly password?: string;
  /** True when this start generated the password (print it once). */
  readonly generated?: boolean;
}

/** The admin login in force, which first-run setup or the admin may replace while svc runs. */
export class AdminLogin {
  readonly file: string;
  readonly generated: boolean;
  #source: AdminLoginSource;
  #username: string | undefined;
  #password: string | undefined;

  constructor(state: AdminLoginState) {
    this.file = state.file;
    this.generated = state.generated ?? false;
    this.#source = state.source;
    this.#username = state.username;
    this.#password = state.password;
  }

  /** Where the login comes from; `unset` until one is set. */
  get source(): AdminLoginSource {
    return this.#source;
  }

  /** The admin user name; undefined while unset. */
  get username(): string | undefined {
    return this.#username;
  }

  /** The admin password, for printing a generated one once; undefined while unset. */
  get password(): string | undefined {
    return this.#password;
  }

  /** True when a user name and password are the admin login (constant time); always false while unset. */
  matches(user: string, password: string): boolean {
    const userOk = secretsEqual(user, this.#username ?? '');
    const passwordOk = secretsEqual(password, this.#password ?? '');
    return this.#password !== undefined && userOk && passwordOk;
  }

  /**
   * Makes a user name and password the admin login and writes them to the auth file (0600).
   * Throws SVC_ERR_BAD_REQUEST saying why for a weak password or a name that cannot be stored,
   * and SVC_ERR_FORBIDDEN when the login is fixed by the config.
   */
  set(username: string, password: string): void {
    if (this.#source === 'config') throw new SvcError('SVC_ERR_FORBIDDEN', 'the admin login is set in the config (httpd_username/httpd_password) and cannot be changed here');
    const problem = loginProblem(username, password);
    if (problem) throw new SvcError('SVC_ERR_BAD_REQUEST', problem);
    writeSecretFile(this.file, `# svc admin login, set through /session/set_password. Change it here and restart svc, or set it there again as the admin.\nhttpd_username=${username}\nhttpd_password=${password}\n`);
    this.#username = username;
    this.#password = password;
    this.#source = 'file';
  }
}

/** The auth file of a config (`httpd_auth_file`, relative to the config dir). */
export function authFilePath(config: Config): string {
  return expandPath(config.get('httpd_auth_file')!, config.configDir);
}

/** `httpd_first_login`: `generate` unless set. */
export function readFirstLoginMode(config: Config): FirstLoginMode {
  const mode = config.get('httpd_first_login') ?? 'generate';
  if ((FIRST_LOGIN_MODES as readonly string[]).includes(mode)) return mode as FirstLoginMode;
  throw new SvcError('SVC_ERR_CONFIG_VALUE', `httpd_first_login must be ${FIRST_LOGIN_MODES.join(' or ')}, not '${mode}' (${config.origin('httpd_first_login')})`);
}

/** Finds the admin login: from the config, the auth file, or (first start) generated or left for setup. */
export function resolveAdminLogin(config: Config): AdminLogin {
  const file = authFilePath(config);
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
    return new AdminLogin({ file, source: 'config', username, password });
  }

  if (existsSync(file)) {
    const entries = parseConf(readFileSync(file, 'utf8'), file);
    const stored = new Map(entries.map((entry) => [entry.key, entry.value]));
    const storedUser = stored.get('httpd_username');
    const storedPassword = stored.get('httpd_password');
    if (storedUser && storedPassword) return new AdminLogin({ file, source: 'file', username: storedUser, password: storedPassword });
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${file} must set both httpd_username and httpd_password; fix it or delete it to have a new login made at the next start`);
  }

  if (readFirstLoginMode(config) === 'web') return new AdminLogin({ file, source: 'unset' });
  const generated = randomPassword();
  writeSecretFile(
    file,
    `# svc admin login, generated on first start. Change it here and restart svc.\nhttpd_username=${DEFAULT_ADMIN_USER}\nhttpd_password=${generated}\n`,
  );
  return new AdminLogin({ file, source: 'file', username: DEFAULT_ADMIN_USER, password: generated, generated: true });
}
