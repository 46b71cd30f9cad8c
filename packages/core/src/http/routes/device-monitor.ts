/**
 * The device monitor websocket (spec 4.4, kismet-reference 7.3): a client subscribes with
 * `{monitor, request, rate, fields, format}` to a device key, a MAC, a MAC group `<MAC>/<mask>`
 * or `*`, and gets each matching device of the view that changed since the previous push, one
 * record per message, at most once per `rate` seconds. `{cancel: id}` ends one subscription;
 * reusing an id replaces it. A bad message gets one JSON error message back and touches no
 * other subscription.
 *
 * One client cannot starve the others: subscriptions are capped per socket, per login
 * (`monitor_subscriptions_per_login`) and per server (`monitor_subscriptions_total`, of which
 * `monitor_subscriptions_admin_reserve` only admins may use), the rate is clamped to a sane
 * range before it reaches a timer, and the pushes themselves are shared between sockets and
 * sliced (monitor-channels.ts).
 */
import { SvcError } from '../../errors.js';
import type { Login } from '../../auth/login.js';
import type { LoginQuota } from '../../auth/login-quota.js';
import { parseFieldSpecs } from '../../fields/field-spec.js';
import { deviceKey, parseDeviceKey } from '../../tracker/device-key.js';
import { parseMacMask } from '../../util/mac.js';
import type { DeviceView } from '../../views/device-views.js';
import type { MonitorChannels, MonitorTarget } from '../monitor-channels.js';
import type { WebSocketHandlers, WebSocketSession } from '../route-registry.js';
import { answerErrors, parseJsonObjectMessage } from '../websocket-message.js';
import type { Logger } from '../../logger.js';

/** Shortest push interval a subscription gets, in seconds; faster rates are raised to it. */
export const MIN_MONITOR_RATE = 0.1;

/** Longest push interval a subscription gets, in seconds; slower rates are lowered to it. */
export const MAX_MONITOR_RATE = 3600;

/** How many monitor subscriptions one socket may hold, and the quota of logins and the server. */
export interface MonitorLimits {
  readonly perSocket: number;
  readonly quota: LoginQuota;
}

/** Handles one monitor connection on a view. */
export function deviceMonitorConnection(
  channels: MonitorChannels,
  view: DeviceView,
  session: WebSocketSession,
  login: Login | undefined,
  limits: MonitorLimits,
  log: Logger,
): WebSocketHandlers {
  const subscriptions = new Map<number, () => void>();
  const cancel = (id: number) => {
    const end = subscriptions.get(id);
    if (!end) return;
    end();
    subscriptions.delete(id);
    limits.quota.give(login);
  };

  const subscribe = (request: number, target: MonitorTarget, rate: number, specs: ReturnType<typeof parseFieldSpecs>, format: 'json' | 'ekjson') => {
    const replacing = subscriptions.has(request);
    if (!replacing && subscriptions.size >= limits.perSocket) {
      throw new SvcError('SVC_ERR_TOO_MANY_SUBSCRIPTIONS', `this socket has ${subscriptions.size} subscriptions, the most one socket may hold (monitor_subscriptions_per_socket); cancel one first`);
    }
    cancel(request);
    const refusal = limits.quota.take(login);
    if (refusal === 'login') {
      throw new SvcError('SVC_ERR_TOO_MANY_SUBSCRIPTIONS', `this login holds ${limits.quota.heldBy(login)} monitor subscriptions, the most one login may hold (monitor_subscriptions_per_login); cancel one first`);
    }
    if (refusal === 'total') {
      const limit = login?.role === 'admin' ? 'its limit (monitor_subscriptions_total)' : 'its limit for logins other than admin (monitor_subscriptions_total less monitor_subscriptions_admin_reserve)';
      throw new SvcError('SVC_ERR_TOO_MANY_SUBSCRIPTIONS', `the server holds ${limits.quota.held} monitor subscriptions, ${limit}; try again later`);
    }
    const clamped = Math.min(MAX_MONITOR_RATE, Math.max(MIN_MONITOR_RATE, rate));
    subscriptions.set(request, channels.add({ session, request, view, target, rate: clamped, specs, format }));
  };

  return {
    message(data, isBinary) {
      answerErrors(session, log, (context) => {
        const request = parseJsonObjectMessage(data, isBinary);
        if (request.cancel !== undefined) {
          if (typeof request.cancel !== 'number') throw new SvcError('SVC_ERR_BAD_REQUEST', "'cancel' must be the request id of a subscription");
          cancel(request.cancel);
          return;
        }
        const { monitor, request: id, rate } = request;
        if (typeof id === 'number') context.request = id;
        if (typeof monitor !== 'string' || typeof id !== 'number' || typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0) {
          throw new SvcError(
            'SVC_ERR_BAD_REQUEST',
            'a subscription needs monitor (a device key, MAC, MAC/mask or *), request (a number) and rate (seconds >= 0); {"cancel": id} ends one',
          );
        }
        const specs = parseFieldSpecs(request.fields);
        const format = request.format === 'ekjson' ? 'ekjson' : 'json';
        if (monitor === '*') return subscribe(id, { kind: 'all' }, rate, specs, format);
        const key = parseDeviceKey(monitor);
        // A key in any case names the device whose key is upper case.
        if (key) return subscribe(id, { kind: 'key', key: deviceKey(key.prefix, key.mac) }, rate, specs, format);
        const mask = parseMacMask(monitor);
        if (!mask) throw new SvcError('SVC_ERR_BAD_REQUEST', `monitor '${monitor}' is not a device key, MAC, MAC/mask or *`);
        subscribe(id, { kind: 'mask', mask }, rate, specs, format);
      });
    },
    close() {
      for (const id of [...subscriptions.keys()]) cancel(id);
    },
  };
}
