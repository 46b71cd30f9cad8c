/**
 * The device monitor websocket (spec 4.4, kismet-reference 7.3): a client subscribes with
 * `{monitor, request, rate, fields, format}` to a device key, a MAC, a MAC group `<MAC>/<mask>`
 * or `*`, and gets each matching device of the view that changed since the previous push, one
 * record per message, at most once per `rate` seconds. `{cancel: id}` ends one subscription;
 * reusing an id replaces it. Bad messages are ignored and touch no other subscription.
 */
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
import { parseJsonObjectMessage } from '../websocket-message.js';

/** Shortest push interval a subscription may ask for, in seconds. */
export const MIN_MONITOR_RATE = 0.1;

/** Bytes queued on a socket beyond which pushes wait for it to drain. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

interface Subscription {
  timer: NodeJS.Timeout;
  since: number;
}

/** Handles one monitor connection on a view. */
export function deviceMonitorConnection(svc: Service, view: DeviceView, session: WebSocketSession): WebSocketHandlers {
  const subscriptions = new Map<number, Subscription>();
  const cancel = (id: number) => {
    const subscription = subscriptions.get(id);
    if (subscription) clearInterval(subscription.timer);
    subscriptions.delete(id);
  };

  const subscribe = (id: number, matches: (device: TrackedDevice) => boolean, single: string | undefined, rate: number, specs: FieldSpec[], format: RouteFormat) => {
    cancel(id);
    const subscription: Subscription = { since: 0, timer: undefined as unknown as NodeJS.Timeout };
    const push = () => {
      if (!session.isOpen) return cancel(id);
      if (session.bufferedAmount > MAX_BUFFERED_BYTES) return;
      const now = nowSeconds();
      const changed: TrackedDevice[] = [];
      if (single !== undefined) {
        const device = svc.devices.byKey(single);
        if (device && device.modTime > subscription.since && view.has(device)) changed.push(device);
      } else {
        for (const device of svc.devices.changedSince(subscription.since)) {
          if (view.has(device) && matches(device)) changed.push(device);
        }
      }
      if (changed.length) subscription.since = changed[0]!.modTime;
      for (const device of changed) session.send(serialize(serveDevice(device, specs, now), format, svc.fields).trimEnd());
    };
    subscription.timer = setInterval(push, Math.max(MIN_MONITOR_RATE, rate) * 1000);
    subscriptions.set(id, subscription);
    push();
  };

  return {
    message(data, isBinary) {
      const request = parseJsonObjectMessage(data, isBinary);
      if (!request) return;
      if (typeof request.cancel === 'number') {
        cancel(request.cancel);
        return;
      }
      const { monitor, request: id, rate } = request;
      if (typeof monitor !== 'string' || typeof id !== 'number' || typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0) {
        svc.log.debug('device monitor: ignored a message without monitor, request and rate');
        return;
      }
      let specs: FieldSpec[];
      try {
        specs = parseFieldSpecs(request.fields);
      } catch {
        svc.log.debug(`device monitor: ignored request ${id} with malformed fields`);
        return;
      }
      const format: RouteFormat = request.format === 'ekjson' ? 'ekjson' : 'json';
      if (monitor === '*') return subscribe(id, () => true, undefined, rate, specs, format);
      if (parseDeviceKey(monitor)) return subscribe(id, () => true, monitor, rate, specs, format);
      const mask = parseMacMask(monitor);
      if (!mask) {
        svc.log.debug(`device monitor: '${monitor}' is not a device key, MAC, MAC/mask or *`);
        return;
      }
      subscribe(id, (device) => macMatches(device.mac, mask), undefined, rate, specs, format);
    },
    close() {
      for (const id of [...subscriptions.keys()]) cancel(id);
    },
  };
}
