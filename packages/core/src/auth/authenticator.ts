/**
 * Decides who a request is. Accepted, in order: a token in cookie `SVC` or query `?SVC=`
 * (a session or an API key), then HTTP basic credentials, then `?user=&password=`. A password
 * login gets the session the user's password logins share, whose token the HTTP layer returns
 * as cookie `SVC`: a client that sends its password with every request adds no sessions.
 */
import { SvcError } from '../errors.js';
import type { AdminLogin } from './credentials.js';
import type { ApiKeyStore } from './api-keys.js';
import type { Login } from './login.js';
import type { SessionStore } from './sessions.js';

/** Name of the session cookie and of the token query parameter. */
export const TOKEN_NAME = 'SVC';

/** A successful authentication. */
export interface Authentication {
  readonly login: Login;
  /** Set when this request logged in with a password: the new session's token. */
  readonly sessionToken?: string;
}

/** Checks request credentials against the admin login, sessions and API keys. */
export class Authenticator {
  constructor(
    private readonly admin: Pick<AdminLogin, 'matches'>,
    private readonly apiKeys: ApiKeyStore,
    private readonly sessions: SessionStore,
  ) {}

  /** Authenticates from headers and URL; undefined when no valid credential was given. */
  authenticate(headers: Headers, url: URL): Authentication | undefined {
    for (const token of [cookieValue(headers.get('cookie'), TOKEN_NAME), url.searchParams.get(TOKEN_NAME)]) {
      if (!token) continue;
      const login = this.sessions.verify(token) ?? this.apiKeys.verify(token);
      if (login) return { login };
    }
    const basic = parseBasic(headers.get('authorization'));
    const user = basic?.user ?? url.searchParams.get('user');
    const password = basic?.password ?? url.searchParams.get('password');
    if (user === null || password === null) return undefined;
    if (!this.checkPassword(user, password)) return undefined;
    const login: Login = { name: user, role: 'admin', method: 'password' };
    return { login, sessionToken: this.sessions.shared(login) };
  }

  /**
   * Why a request that `authenticate` refused was refused: it carried no credentials, a token
   * that is not (or no longer) valid, or a user and password that do not match. Clients and
   * people fixing a script need to tell these apart.
   */
  refusal(headers: Headers, url: URL): SvcError {
    const user = parseBasic(headers.get('authorization'))?.user ?? url.searchParams.get('user');
    if (user !== null) return new SvcError('SVC_ERR_BAD_CREDENTIALS', 'wrong user or password');
    if (cookieValue(headers.get('cookie'), TOKEN_NAME) || url.searchParams.get(TOKEN_NAME)) {
      return new SvcError('SVC_ERR_BAD_CREDENTIALS', 'the SVC session or API token is not valid (expired, revoked or mistyped); log in again or use another key');
    }
    return new SvcError('SVC_ERR_UNAUTHORIZED', 'this resource requires a login: basic auth, ?user=&password=, or an SVC session or API token');
  }

  /**
   * A login form's credentials: a user and password start a session of their own (so logging
   * out ends only that one); an API key is its own token. Undefined when they are wrong.
   */
  logIn(credentials: { user: string; password: string } | { apiKey: string }): Authentication | undefined {
    if ('apiKey' in credentials) {
      const login = this.apiKeys.verify(credentials.apiKey);
      return login && { login, sessionToken: credentials.apiKey };
    }
    if (!this.checkPassword(credentials.user, credentials.password)) return undefined;
    const login: Login = { name: credentials.user, role: 'admin', method: 'password' };
    return { login, sessionToken: this.sessions.create(login) };
  }

  /** Ends the session a token names, when it is one (an API key stays valid). */
  logOut(token: string): void {
    this.sessions.revoke(token);
  }

  /** True when a user name and password match the admin login (constant time); never while no login is set. */
  checkPassword(user: string, password: string): boolean {
    return this.admin.matches(user, password);
  }
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}

function parseBasic(header: string | null): { user: string; password: string } | undefined {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
