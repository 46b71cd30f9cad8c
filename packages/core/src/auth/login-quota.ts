/**
 * A count of things logins hold at once (full dumps being written, device monitor
 * subscriptions), capped per login as well as for the whole server, so that no one credential
 * can take every slot: a readonly key that opens sockets until it can open no more still
 * leaves the others their room. Admin logins keep a reserve of the total that no other role
 * may use, so the server's owner can always watch and act while it is under attack.
 */
import { loginIdentity, type Login } from './login.js';

/** The caps of a quota. */
export interface LoginQuotaLimits {
  /** Slots on the whole server. */
  readonly total: number;
  /** Slots one login (an API key, a user) may hold. */
  readonly perLogin: number;
  /** Slots of `total` only admin logins may take. */
  readonly adminReserve: number;
}

/** Which cap refused a slot: the login's own, or the server's. */
export type QuotaRefusal = 'login' | 'total';

/** Slots held per login and in total. */
export class LoginQuota {
  #held = 0;
  readonly #byLogin = new Map<string, number>();

  constructor(readonly limits: LoginQuotaLimits) {}

  /** Slots held by every login. */
  get held(): number {
    return this.#held;
  }

  /** Slots one login holds. */
  heldBy(login: Login | undefined): number {
    return this.#byLogin.get(loginIdentity(login)) ?? 0;
  }

  /** Takes a slot for a login; undefined when it got one, else the cap that refused it. */
  take(login: Login | undefined): QuotaRefusal | undefined {
    const identity = loginIdentity(login);
    const mine = this.#byLogin.get(identity) ?? 0;
    if (mine >= this.limits.perLogin) return 'login';
    const ceiling = login?.role === 'admin' ? this.limits.total : this.limits.total - this.limits.adminReserve;
    if (this.#held >= ceiling) return 'total';
    this.#byLogin.set(identity, mine + 1);
    this.#held++;
    return undefined;
  }

  /** Gives back a slot a login took. */
  give(login: Login | undefined): void {
    const identity = loginIdentity(login);
    const mine = this.#byLogin.get(identity) ?? 0;
    if (mine <= 0) return;
    if (mine === 1) this.#byLogin.delete(identity);
    else this.#byLogin.set(identity, mine - 1);
    this.#held--;
  }
}
