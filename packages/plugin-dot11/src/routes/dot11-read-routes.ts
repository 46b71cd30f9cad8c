/**
 * The 802.11 read routes Kismet's clients poll (`phy_80211.cc`, `phy_80211_ssidtracker.cc`):
 * an access point's clients (`/phy/phy80211/clients-of/<key>/clients`, what
 * python-kismet-rest's `dot11_clients_of` reads), a device and everything associated with it,
 * followed from access point to client (`/phy/phy80211/related-to/<key>/devices`), and the SSID
 * view (`/phy/phy80211/ssids/views/ssids`, paged like device views) with one group by hash.
 * Associations are read from the `dot11.device.associated_client_map` of the record.
 */
import { answerRecordList, nowSeconds, parseDeviceKey, SvcError, TRACKED_FORMATS, type RouteRegistry, type Service, type TrackedDevice } from '@svc/core';
import type { SsidGroups } from '../ssids/ssid-groups.js';

/** What the routes read. */
export interface Dot11ReadRouteDeps {
  readonly svc: Service;
  /** The SSID groups, or undefined when `dot11_view_ssids=false` (the view is then empty, as Kismet's). */
  readonly ssids: SsidGroups | undefined;
}

/** Adds the routes to the table. */
export function addDot11ReadRoutes(routes: RouteRegistry, { svc, ssids }: Dot11ReadRouteDeps): void {
  routes.http({
    methods: ['GET', 'POST'],
    path: '/phy/phy80211/clients-of/:key/clients',
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: 'the client devices associated with an 802.11 access point (fields simplify each)',
    handler: ({ params }) => {
      const now = nowSeconds();
      return associatedDevices(svc, deviceByKey(svc, params.key!)).map((device) => svc.devices.record(device, now));
    },
  });
  routes.http({
    methods: ['GET', 'POST'],
    path: '/phy/phy80211/related-to/:key/devices',
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: 'an 802.11 device and every device associated with it, followed from access point to client',
    handler: ({ params }) => {
      const now = nowSeconds();
      return relatedDevices(svc, deviceByKey(svc, params.key!)).map((device) => svc.devices.record(device, now));
    },
  });
  routes.http({
    methods: ['GET', 'POST'],
    path: '/phy/phy80211/ssids/views/ssids',
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: 'every SSID heard with the devices advertising, answering and probing for it; fields, regex, last_time, datatables or page paging',
    simplify: false,
    handler: (context) => {
      if (!ssids) return answerRecordList([], context, SSID_LIST_OPTIONS);
      ssids.refresh();
      return answerRecordList(ssids.records(), context, SSID_LIST_OPTIONS);
    },
  });
  routes.http({
    methods: ['GET', 'POST'],
    path: '/phy/phy80211/ssids/by-hash/:hash/ssid',
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: 'one SSID group by its dot11.ssidgroup.hash',
    handler: ({ params }) => {
      const hash = Number(params.hash);
      if (!/^\d+$/.test(params.hash!) || !Number.isSafeInteger(hash)) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${params.hash}' is not an SSID group hash (a whole number)`);
      ssids?.refresh();
      const group = ssids?.byHash(hash);
      if (!group) throw new SvcError('SVC_ERR_NOT_FOUND', `no SSID group with hash ${hash}; /phy/phy80211/ssids/views/ssids.json lists them`);
      return group;
    },
  });
}

const SSID_LIST_OPTIONS = { lastTimeField: 'dot11.ssidgroup.last_time', summaryFields: ['dot11.ssidgroup.ssid', 'dot11.ssidgroup.crypt_string'] };

/** A device by key: 400 for a key that does not parse, 404 for one that names no device (decisions.md). */
function deviceByKey(svc: Service, key: string): TrackedDevice {
  if (!parseDeviceKey(key)) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' is not a device key (<16 hex>_<12 hex>)`);
  const device = svc.devices.byKey(key);
  if (!device) throw new SvcError('SVC_ERR_NOT_FOUND', `no device with key '${key}'`);
  return device;
}

/** The tracked devices in a device's `associated_client_map` (none for a device without a dot11 record). */
function associatedDevices(svc: Service, device: TrackedDevice): TrackedDevice[] {
  const record = device.components.dot11?.toRecord() as Record<string, unknown> | undefined;
  const associated = record?.['dot11.device.associated_client_map'];
  if (!associated || typeof associated !== 'object') return [];
  const found: TrackedDevice[] = [];
  for (const key of Object.values(associated as Record<string, unknown>)) {
    const client = typeof key === 'string' ? svc.devices.byKey(key) : undefined;
    if (client) found.push(client);
  }
  return found;
}

/** The device, then depth first every 802.11 device associated with one already listed, each once. */
function relatedDevices(svc: Service, start: TrackedDevice): TrackedDevice[] {
  const seen = new Set<TrackedDevice>();
  const order: TrackedDevice[] = [];
  const visit = (device: TrackedDevice) => {
    if (seen.has(device) || !device.components.dot11) return;
    seen.add(device);
    order.push(device);
    for (const client of associatedDevices(svc, device)) visit(client);
  };
  visit(start);
  return order;
}
