/**
 * The device monitor websocket (spec 4.4, kismet-reference 7.3): a client subscribes with
 * `{monitor, request, rate, fields, format}` to a device key, a MAC, a MAC group `<MAC>/<mask>`
 * or `*`, and gets each matching device of the view that changed since the previous push, one
 * record per message, at most once per `rate` seconds. `{cancel: id}` ends one subscription;
 * reusing an id replaces it. A bad message gets one JSON error message back and touches no
 * other subscription.
 *
 * One client cannot starve the others: subscriptions are capped per socket and per server, the
 * rate is clamped to a sane range before it reaches a timer, and a push (the first one of `*`
 * is the whole view) is sent in slices that yield to the event loop and wait while the socket's
 * send buffer is full.
 */
import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';
import { SvcError } from '../../errors.js';
import { parseFieldSpecs, type FieldSpec } from '../../fields/field-spec.js';
import type { Service } from '../../service-types.js';
import { nowSeconds } from '../../time/timestamp.js';
import { parseDeviceKey } from '../../tracker/device-key.js';
import type { TrackedDevice } from '../../tracker/tracked-device.js';
import { macMatches, parseMacMask } from '../../util/mac.js';
import { serveDevice } from '../../views/device-query.js';
import type { DeviceView } from '../../views/device-views.js';
import type { RouteFormat, WebSocketHandlers, WebSocketSession } from '../route-registry.js';
import { serialize } from '../serializers.js';
import { answerErrors, parseJsonObjectMessage } from '../websocket-message.js';

/** Shortest push interval a subscription gets, in seconds; faster rates are raised to it. */
export const MIN_MONITOR_RATE = 0.1;

/** Longest push interval a subscription gets, in seconds; slower rates are lowered to it. */
export const MAX_MONITOR_RATE = 3600;

/** Bytes queued on a socket beyond which a push waits for it to drain. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Devices sent between two yields to the event loop. */
const PUSH_SLICE = 256;

/** How many monitor subscriptions may exist, per socket and on the whole server. */
export interface MonitorLimits {
  readonly perSocket: number;
  readonly total: number;
  /** Subscriptions open now across every socket; the connections keep it. */
  open: number;
}

interface Subscription {
  timer: NodeJS.Timeout;
  since: number;
  pushing: boolean;
  cancelled: boolean;
}

/** Handles one monitor connection on a view. */
export function deviceMonitorConnection(svc: Service, view: DeviceView, session: WebSocketSession, limits: MonitorLimits): WebSocketHandlers {
  const subscriptions = new Map<number, Subscription>();
  const cancel = (id: number) => {
    const subscription = subscriptions.get(id);
    if (!subscription) return;
    clearInterval(subscription.timer);
    subscription.cancelled = true;
    subscriptions.delete(id);
    limits.open--;
  };

  const changedDevices = (subscription: Subscription, matches: (device: TrackedDevice) => boolean, single: string | undefined): TrackedDevice[] => {
    if (single !== undefined) {
      const device = svc.devices.byKey(single);
      return device && device.modTime > subscription.since && view.has(device) ? [device] : [];
    }
    const changed: TrackedDevice[] = [];
    for (const device of svc.devices.changedSince(subscription.since)) if (view.has(device) && matches(device)) changed.push(device);
    return changed;
  };

  const push = async (id: number, subscription: Subscription, matches: (device: TrackedDevice) => boolean, single: string | undefined, specs: FieldSpec[], format: RouteFormat) => {
    if (!session.isOpen) return cancel(id);
    if (subscription.pushing || session.bufferedAmount > MAX_BUFFERED_BYTES) return;
    const changed = changedDevices(subscription, matches, single);
    if (!changed.length) return;
    subscription.since = changed[0]!.modTime;
    subscription.pushing = true;
    try {
      const now = nowSeconds();
      for (let index = 0; index < changed.length; index++) {
        if (subscription.cancelled || !session.isOpen) return;
        session.send(serialize(serveDevice(changed[index]!, specs, now), format, svc.fields).trimEnd());
        if ((index + 1) % PUSH_SLICE === 0) {
          await yieldToEventLoop();
          while (session.isOpen && !subscription.cancelled && session.bufferedAmount > MAX_BUFFERED_BYTES) await sleep(20);
        }
      }
    } finally {
      subscription.pushing = false;
    }
  };

  const subscribe = (id: number, matches: (device: TrackedDevice) => boolean, single: string | undefined, rate: number, specs: FieldSpec[], format: RouteFormat) => {
    const replacing = subscriptions.has(id);
    if (!replacing && subscriptions.size >= limits.perSocket) {
      throw new SvcError('SVC_ERR_TOO_MANY_SUBSCRIPTIONS', `this socket has ${subscriptions.size} subscriptions, the most one socket may hold (monitor_subscriptions_per_socket); cancel one first`);
    }
    if (!replacing && limits.open >= limits.total) {
      throw new SvcError('SVC_ERR_TOO_MANY_SUBSCRIPTIONS', `the server holds ${limits.open} monitor subscriptions, its limit (monitor_subscriptions_total); try again later`);
    }
    cancel(id);
    const subscription: Subscription = { since: 0, pushing: false, cancelled: false, timer: undefined as unknown as NodeJS.Timeout };
    const run = () => void push(id, subscription, matches, single, specs, format).catch((error: unknown) => svc.log.error('device monitor push failed', error));
    subscription.timer = setInterval(run, Math.min(MAX_MONITOR_RATE, Math.max(MIN_MONITOR_RATE, rate)) * 1000);
    subscriptions.set(id, subscription);
    limits.open++;
    run();
  };

  return {
    message(data, isBinary) {
      answerErrors(session, svc.log, (context) => {
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
        const format: RouteFormat = request.format === 'ekjson' ? 'ekjson' : 'json';
        if (monitor === '*') return subscribe(id, () => true, undefined, rate, specs, format);
        if (parseDeviceKey(monitor)) return subscribe(id, () => true, monitor, rate, specs, format);
        const mask = parseMacMask(monitor);
        if (!mask) throw new SvcError('SVC_ERR_BAD_REQUEST', `monitor '${monitor}' is not a device key, MAC, MAC/mask or *`);
        subscribe(id, (device) => macMatches(device.mac, mask), undefined, rate, specs, format);
      });
    },
    close() {
      for (const id of [...subscriptions.keys()]) cancel(id);
    },
  };
}
