/**
 * Full dumps (a whole view, a last-time list, `all_devices`: list answers of more than
 * {@link FULL_DUMP_RECORDS} records) are the heaviest answers svc writes, so how many are
 * written at once is capped per login (`httpd_max_dumps_per_login`) and on the server
 * (`httpd_max_dumps`). One past either cap is refused with a 429 and `Retry-After`, before any
 * of it is written; a slot is given back when its dump ends, is abandoned or fails.
 */
import type { Login } from '../auth/login.js';
import { LoginQuota } from '../auth/login-quota.js';
import { SvcError } from '../errors.js';

/** A streamed list of more records than this is a full dump (a page of the web app's table is 100). */
export const FULL_DUMP_RECORDS = 1000;

/** Seconds a refused client is told to wait: about what a dump of 100 000 devices takes. */
export const DUMP_RETRY_AFTER_SECONDS = 5;

/** The dump quota from `httpd_max_dumps` and `httpd_max_dumps_per_login`. */
export function dumpQuota(total: number, perLogin: number): LoginQuota {
  return new LoginQuota({ total, perLogin, adminReserve: 0 });
}

/** Takes a dump slot for a login and returns what gives it back; a 429 naming the cap when there is none. */
export function holdDumpSlot(quota: LoginQuota, login: Login | undefined): () => void {
  const refusal = quota.take(login);
  if (refusal === 'login') {
    throw new SvcError('SVC_ERR_TOO_MANY_DUMPS', `this login has ${quota.heldBy(login)} full dumps under way, the most one login may have (httpd_max_dumps_per_login); wait for one to end`, { retryAfter: DUMP_RETRY_AFTER_SECONDS });
  }
  if (refusal === 'total') {
    throw new SvcError('SVC_ERR_TOO_MANY_DUMPS', `the server is writing ${quota.held} full dumps, its limit (httpd_max_dumps); try again later`, { retryAfter: DUMP_RETRY_AFTER_SECONDS });
  }
  let held = true;
  return () => {
    if (held) quota.give(login);
    held = false;
  };
}
