/**
 * Device routes (spec 4.3, kismet-reference 1.7-1.8): views and their device lists with
 * fields, regex, search, sort and paging, and their located devices as KML and GPX; last-time lists; lookups by key, MAC and lists of
 * either; bulk dumps; user names and tags; PHY counts; the device monitor websocket. (The device
 * fields, views and `NEW_DEVICE` are the tracker's: tracker/tracker-plugin.ts.)
 */
import { SvcError } from '../../errors.js';
import { parseFieldSpecs, type FieldSpec } from '../../fields/field-spec.js';
import { parseRegexFilters } from '../../fields/regex-filter.js';
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import type { Service } from '../../service-types.js';
import { nowSeconds, parseTimestamp } from '../../time/timestamp.js';
import type { TrackedDevice } from '../../tracker/tracked-device.js';
import { requireRoom } from '../../util/list-limit.js';
import { macMatches, parseMac, parseMacMask } from '../../util/mac.js';
import { runDeviceQuery, serveDevice, type DeviceQuery } from '../../views/device-query.js';
import { QueryBudget } from '../../views/query-budget.js';
import { queryView } from '../../views/view-query.js';
import type { DeviceView } from '../../views/device-views.js';
import { optionalString, requireString } from '../command-input.js';
import type { DeviceMonitor } from '../device-monitor-setup.js';
import { addDeviceExportRoutes } from './device-exports.js';
import { deviceMonitorConnection } from './device-monitor.js';
import { colmapPath, pagingParams } from './paging-params.js';
import { StreamedList } from '../streamed-list.js';
import { TRACKED_FORMATS, type RouteContext, type RouteRegistry } from '../route-registry.js';

/** Name of the built-in device routes. */
export const DEVICES_ROUTES = '@svc/core:devices-routes';

/** Largest page a paging request gets. */
export const MAX_PAGE_LENGTH = 10_000;

/** Longest user name of a device, tag name and tag value a client may set. */
export const MAX_USERNAME = 256;
export const MAX_TAG_NAME = 128;
export const MAX_TAG_VALUE = 1024;

/** The device routes; `monitor` carries the device monitor's shared pushes and its caps. */
export function deviceRoutes(monitor: DeviceMonitor): PluginDefinition {
  return definePlugin({
    name: DEVICES_ROUTES,
    apply(svc) {
      svc.hooks.routes.tap(DEVICES_ROUTES, (routes) => addDeviceRoutes(svc, routes, monitor));
    },
  });
}

function addDeviceRoutes(svc: Service, routes: RouteRegistry, monitor: DeviceMonitor): void {
  const budgetSeconds = svc.config.getNumber('httpd_query_budget', 10, { min: 0.1 });
  /** The scan budget of one request: its abort signal and `httpd_query_budget` seconds. */
  const queryBudget = (request: Request) => new QueryBudget({ signal: request.signal, seconds: budgetSeconds });
  const tagLimit = { what: 'tags on this device', key: 'device_max_tags', max: svc.config.getNumber('device_max_tags', 32, { min: 1, integer: true }) };
  const list = (path: string, description: string, handler: (context: RouteContext) => unknown, methods: ('GET' | 'POST')[] = ['GET', 'POST']) =>
    routes.http({ methods, path, formats: TRACKED_FORMATS, role: 'readonly', description, simplify: false, handler });

  list('/devices/views/all_views', 'every device view with its size', () =>
    svc.deviceViews.list().map((view) => ({
      'svc.devices.view.id': view.id,
      'svc.devices.view.description': view.definition.description,
      'svc.devices.view.size': view.size,
      'svc.devices.view.indexed': 1,
    })),
  );
  // Every view by id, and the PHY views also as /devices/views/phy/<PHYNAME>/ (as Kismet serves them).
  const viewPaths: [string, string, (params: Readonly<Record<string, string>>) => string][] = [
    ['/devices/views/:view', 'a view', (params) => params.view!],
    ['/devices/views/phy/:phy', 'the phy-<PHYNAME> view', (params) => `phy-${params.phy!}`],
  ];
  for (const [prefix, what, viewId] of viewPaths) {
    list(`${prefix}/devices`, `devices of ${what}: fields, regex, datatables or page paging, search, sort`, (context) =>
      viewDevices(svc, viewOf(svc, viewId(context.params)), context, queryBudget(context.request)),
    );
    list(`${prefix}/last-time/:timestamp/devices`, `devices of ${what} active since a timestamp (last_time >= ts)`, async (context) => {
      const view = viewOf(svc, viewId(context.params));
      const now = nowSeconds();
      const specs = parseFieldSpecs(context.command.fields);
      const query = { specs, filters: parseRegexFilters(context.command.regex), lastTimeAtLeast: parseTimestamp(context.params.timestamp!, now) };
      const { page } = await queryView(view, svc.devices, query, now, queryBudget(context.request));
      return new StreamedList(page, (device) => serveDevice(device, specs, now));
    });
  }
  list('/devices/last-time/:timestamp/devices', 'every device active after a timestamp (last_time > ts)', async (context) => {
    const now = nowSeconds();
    const specs = parseFieldSpecs(context.command.fields);
    const query = { specs, filters: parseRegexFilters(context.command.regex), lastTimeAfter: parseTimestamp(context.params.timestamp!, now) };
    const { page } = await runDeviceQuery([...svc.devices.devices()], query, now, queryBudget(context.request));
    return new StreamedList(page, (device) => serveDevice(device, specs, now));
  });
  list('/devices/by-key/:key/device', 'one device by key', ({ params, command }) => serveDevice(svc.devices.requireByKey(params.key!), parseFieldSpecs(command.fields), nowSeconds()));
  list('/devices/by-mac/:mac/devices', 'every device with a MAC, across PHYs', ({ params, command }) => {
    const mac = parseMac(params.mac!);
    if (mac === undefined) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${params.mac}' is not a MAC address`);
    const specs = parseFieldSpecs(command.fields);
    const now = nowSeconds();
    return svc.devices.byMac(mac).map((device) => serveDevice(device, specs, now));
  });
  list('/devices/multimac/devices', 'devices matching any of a list of MACs or MAC/mask groups (devices: [...])', ({ command }) => {
    const masks = stringList(command, 'devices').map((text) => {
      const mask = parseMacMask(text);
      if (!mask) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${text}' is not a MAC or MAC/mask`);
      return mask;
    });
    const specs = parseFieldSpecs(command.fields);
    const now = nowSeconds();
    const found: TrackedDevice[] = [];
    if (masks.every((mask) => mask.mask === 0xffffffffffff)) {
      // Whole MACs only (what a page linking its MACs to devices asks): a lookup each, no scan.
      for (const mac of new Set(masks.map((mask) => mask.mac))) found.push(...svc.devices.byMac(mac));
    } else {
      for (const device of svc.devices.devices()) if (masks.some((mask) => macMatches(device.mac, mask))) found.push(device);
    }
    return new StreamedList(found, (device) => serveDevice(device, specs, now));
  }, ['POST']);
  list('/devices/multikey/devices', 'devices for a list of keys (devices: [...]); unknown keys are skipped', ({ command }) =>
    multikey(svc, command).map(([, record]) => record),
  ['POST']);
  list('/devices/multikey/as-object/devices', 'devices for a list of keys, as an object keyed by device key', ({ command }) =>
    Object.fromEntries(multikey(svc, command)),
  ['POST']);
  routes.http({
    methods: ['GET', 'POST'],
    path: '/devices/all_devices',
    formats: ['ekjson', 'itjson'],
    role: 'readonly',
    description: 'every device, one record per line',
    simplify: false,
    handler: ({ command }) => {
      const specs = parseFieldSpecs(command.fields);
      const now = nowSeconds();
      return new StreamedList([...svc.devices.devices()], (device) => serveDevice(device, specs, now));
    },
  });
  routes.http({
    methods: ['POST'],
    path: '/devices/by-key/:key/set_name',
    formats: ['cmd'],
    role: 'admin',
    description: 'set the user name of a device (username; empty clears it)',
    handler: ({ params, command }) => {
      const device = svc.devices.requireByKey(params.key!);
      const name = requireString(command, 'username');
      if (name.length > MAX_USERNAME) throw new SvcError('SVC_ERR_BAD_REQUEST', `'username' is at most ${MAX_USERNAME} characters, not ${name.length}`);
      device.username = name === '' ? undefined : name;
      svc.deviceAnnotations.save(device);
      svc.devices.markChanged(device);
      svc.devices.commit();
      return serveDevice(device, [], nowSeconds());
    },
  });
  routes.http({
    methods: ['POST'],
    path: '/devices/by-key/:key/set_tag',
    formats: ['cmd'],
    role: 'admin',
    description: 'set a tag on a device (tagname, tagvalue; an empty value removes the tag)',
    handler: ({ params, command }) => {
      const device = svc.devices.requireByKey(params.key!);
      const name = requireString(command, 'tagname');
      if (name === '') throw new SvcError('SVC_ERR_BAD_REQUEST', "'tagname' must not be empty");
      const value = optionalString(command, 'tagvalue') ?? '';
      if (name.length > MAX_TAG_NAME) throw new SvcError('SVC_ERR_BAD_REQUEST', `'tagname' is at most ${MAX_TAG_NAME} characters, not ${name.length}`);
      if (value.length > MAX_TAG_VALUE) throw new SvcError('SVC_ERR_BAD_REQUEST', `'tagvalue' is at most ${MAX_TAG_VALUE} characters, not ${value.length}`);
      if (value !== '' && !device.tags?.has(name)) requireRoom(tagLimit, device.tags?.size ?? 0, 1);
      if (value === '') device.tags?.delete(name);
      else (device.tags ??= new Map()).set(name, value);
      if (device.tags?.size === 0) device.tags = undefined;
      svc.deviceAnnotations.save(device);
      svc.devices.markChanged(device);
      svc.devices.commit();
      return serveDevice(device, [], nowSeconds());
    },
  });
  routes.websocket({
    path: '/devices/views/:view/monitor.ws',
    role: 'readonly',
    description: 'device monitor for one view: {monitor, request, rate, fields} subscriptions, {cancel} to stop',
    accept: ({ params }) => void viewOf(svc, params.view!),
    connect: (session, { params, login }) => deviceMonitorConnection(monitor.channels, viewOf(svc, params.view!), session, login, monitor.limits, svc.log),
  });
  routes.websocket({
    path: '/devices/monitor.ws',
    role: 'readonly',
    description: 'device monitor over every device: {monitor, request, rate, fields} subscriptions, {cancel} to stop',
    connect: (session, { login }) => deviceMonitorConnection(monitor.channels, svc.deviceViews.get('all')!, session, login, monitor.limits, svc.log),
  });
  addDeviceExportRoutes(svc, routes, (id) => viewOf(svc, id), queryBudget);
  list('/phy/all_phys', 'every PHY with its device and packet counts', () =>
    svc.devices.phys().map((phy) => ({
      'svc.phy.phy_name': phy.name,
      'svc.phy.phy_id': phy.id,
      'svc.phy.device_count': phy.deviceCount,
      'svc.phy.packet_count': phy.packetCount,
    })),
  );
}

/** The view of `id`; a 404 naming where the views are listed when there is none. */
export function viewOf(svc: Service, id: string): DeviceView {
  const view = svc.deviceViews.get(id);
  if (!view) throw new SvcError('SVC_ERR_NOT_FOUND', `no device view '${id}'; /devices/views/all_views.json lists them`);
  return view;
}

function stringList(command: Readonly<Record<string, unknown>>, key: string): string[] {
  const value = command[key];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new SvcError(value === undefined ? 'SVC_ERR_MISSING_KEY' : 'SVC_ERR_BAD_REQUEST', `'${key}' is required and must be a list of strings`);
  }
  return value as string[];
}

function multikey(svc: Service, command: Readonly<Record<string, unknown>>): [string, Record<string, unknown>][] {
  const specs = parseFieldSpecs(command.fields);
  const now = nowSeconds();
  const found: [string, Record<string, unknown>][] = [];
  for (const key of stringList(command, 'devices')) {
    const device = svc.devices.byKey(key);
    if (device) found.push([device.key, serveDevice(device, specs, now)]);
  }
  return found;
}

async function viewDevices(svc: Service, view: DeviceView, { command, vars }: RouteContext, budget: QueryBudget): Promise<unknown> {
  const now = nowSeconds();
  const specs: FieldSpec[] = parseFieldSpecs(command.fields);
  const filters = parseRegexFilters(command.regex);
  const lastTimeValue = command.last_time;
  let lastTimeAtLeast: number | undefined;
  if (lastTimeValue !== undefined) {
    if (typeof lastTimeValue !== 'number' || !Number.isFinite(lastTimeValue)) throw new SvcError('SVC_ERR_BAD_REQUEST', "'last_time' must be a number");
    lastTimeAtLeast = lastTimeValue < 0 ? now + lastTimeValue : lastTimeValue;
  }
  const base: DeviceQuery = { specs, filters, lastTimeAtLeast };
  const serve = (page: TrackedDevice[], head: Record<string, unknown> = {}, tail: Record<string, unknown> = {}) =>
    new StreamedList(page, (device) => serveDevice(device, specs, now), { head, listKey: 'data', tail });
  const paging = pagingParams(command, vars);

  if (command.datatable === true || command.datatable === 'true' || command.datatable === 1) {
    const start = paging.integer('start') ?? 0;
    const requested = paging.integer('length') ?? 0;
    const length = requested === 0 ? MAX_PAGE_LENGTH : Math.min(requested, MAX_PAGE_LENGTH);
    const sortPath = paging.orderColumn === undefined ? undefined : colmapPath(command.colmap, paging.orderColumn);
    const result = await queryView(
      view,
      svc.devices,
      {
        ...base,
        search: paging.search,
        sort: sortPath ? { path: sortPath.split('/').filter(Boolean), descending: paging.descending } : undefined,
        window: { start, length },
      },
      now,
      budget,
    );
    return serve(result.page, { draw: paging.integer('draw') ?? 0 }, { recordsTotal: result.total, recordsFiltered: result.filtered });
  }

  if (paging.generic) {
    const page = paging.integer('page') ?? 0;
    const length = Math.min(paging.integer('length') ?? paging.integer('size') ?? 100, MAX_PAGE_LENGTH) || 100;
    const result = await queryView(
      view,
      svc.devices,
      {
        ...base,
        search: paging.search,
        sort: paging.sort ? { path: paging.sort.split('/').filter(Boolean), descending: paging.descending } : undefined,
        window: { start: page * length, length },
      },
      now,
      budget,
    );
    return serve(result.page, {}, { last_page: Math.ceil(result.filtered / length), last_row: result.filtered, total_row: result.total });
  }

  const { page } = await queryView(view, svc.devices, base, now, budget);
  return new StreamedList(page, (device) => serveDevice(device, specs, now));
}

