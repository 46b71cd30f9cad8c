/**
 * Login sessions: after a password login the server sets cookie `SVC=<token>`, so clients such
 * as browsers and python-kismet-rest need not send the password again. Sessions live in memory,
 * expire after a period without use, and are capped so password-only clients cannot grow the
 * table without bound. Requests that carry the password every time (basic auth from a script)
 * share one session per user, so a flood of them cannot push other logins' sessions out.
 */
import type { Login } from './login.js';
import { digest, randomToken } from './secrets.js';

interface Session {
  readonly login: Login;
  lastUsed: number;
}

/** In-memory session table. */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  /** Token of the session each user's password logins share, by user name. */
  readonly #shared = new Map<string, string>();

  constructor(
    private readonly timeoutSeconds: number,
    private readonly maxSessions = 10_000,
    private readonly now: () => number = () => Date.now() / 1000,
  ) {}

  /** The session password logins of this user share: its token while it lives, else a new one. */
  shared(login: Login): string {
    const token = this.#shared.get(login.name);
    if (token !== undefined && this.verify(token)) return token;
    const fresh = this.create(login);
    this.#shared.set(login.name, fresh);
    return fresh;
  }

  /** Starts a session for a login and returns its token. */
  create(login: Login): string {
    const token = randomToken();
    if (this.#sessions.size >= this.maxSessions) {
      const oldest = this.#sessions.keys().next().value;
      if (oldest !== undefined) this.#sessions.delete(oldest);
    }
    this.#sessions.set(digest(token).toString('hex'), { login: { ...login, method: 'session' }, lastUsed: this.now() });
    return token;
  }

  /** The login of a live session, refreshing its timeout; undefined when unknown or expired. */
  verify(token: string): Login | undefined {
    const id = digest(token).toString('hex');
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    const now = this.now();
    if (now - session.lastUsed > this.timeoutSeconds) {
      this.#sessions.delete(id);
      return undefined;
    }
    session.lastUsed = now;
    this.#sessions.delete(id);
    this.#sessions.set(id, session);
    return session.login;
  }

  /** Ends a session (logout); false when the token names none. */
  revoke(token: string): boolean {
    return this.#sessions.delete(digest(token).toString('hex'));
  }

  /** Number of live or not yet collected sessions. */
  get size(): number {
    return this.#sessions.size;
  }
}
