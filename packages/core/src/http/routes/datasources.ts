/**
 * Datasource routes (spec 4.2, kismet-reference 1.3-1.6, 1.9): types, defaults, the source
 * list and records, their antennas, adding sources, channel control, close/open/pause/resume (by GET or POST, as
 * Kismet takes them), the interface list
 * and remote capture over a websocket. (Fields, events, the remote capture TCP listener and
 * closing every source at shutdown are datasources/datasources-plugin.ts's.)
 */
import { SvcError } from '../../errors.js';
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import type { Service } from '../../service-types.js';
import { antennaMap } from '../../datasources/antenna-records.js';
import { datasourceTypeRecord } from '../../datasources/datasource-fields.js';
import { checkHopRate, parseChannelList, parseHopRate } from '../../datasources/source-options.js';
import { requireString } from '../command-input.js';
import { TRACKED_FORMATS, type RouteContext, type RouteMethod, type RouteRegistry } from '../route-registry.js';
import type { Datasource } from '../../datasources/datasource.js';
import type { ChannelRequest } from '../../datasources/source-channels.js';
import { remoteCaptureWebSocket } from '../../datasources/remote/remote-listeners.js';

/** Name of the built-in datasource routes. */
export const DATASOURCES_ROUTES = '@svc/core:datasources-routes';

/** The datasource routes. */
export const datasourcesRoutes: PluginDefinition = definePlugin({
  name: DATASOURCES_ROUTES,
  apply(svc) {
    svc.hooks.routes.tap(DATASOURCES_ROUTES, (routes) => addDatasourceRoutes(svc, routes));
  },
});

function addDatasourceRoutes(svc: Service, routes: RouteRegistry): void {
  const sources = svc.datasources;
  const read = (path: string, description: string, handler: (context: RouteContext) => unknown, formats = TRACKED_FORMATS) =>
    routes.http({ methods: ['GET', 'POST'], path, formats, role: 'readonly', description, handler });
  // Kismet takes its source commands by GET as well as POST (set_channel, which needs a
  // dictionary, only by POST); svc's own remove_source only by POST.
  const command = (path: string, description: string, handler: (source: Datasource, context: RouteContext) => unknown, methods: readonly RouteMethod[] = ['GET', 'POST']) =>
    routes.http({
      methods,
      path: `/datasource/by-uuid/:uuid/${path}`,
      formats: ['cmd'],
      role: 'admin',
      description,
      handler: async (context) => {
        const uuid = context.params.uuid!;
        if (!sources.get(uuid)) {
          const remote = await svc.hooks.remoteDatasourceCommand.promise({ uuid, command: path, input: context.command, login: context.login });
          if (remote) return remote;
        }
        const source = sources.require(uuid);
        await handler(source, context);
        return sources.record(source);
      },
    });

  routes.websocket({
    path: '/datasource/remote/remotesource.ws',
    role: 'datasource',
    description: "remote capture tools (Kismet's v3 external capture protocol, one binary frame per message)",
    connect: (socket) => remoteCaptureWebSocket(svc, socket),
  });
  read('/datasource/types', 'datasource types known to the server and its plugins', () => svc.datasourceTypes.list().map(datasourceTypeRecord));
  read(
    '/datasource/defaults',
    'datasource defaults from svc.conf',
    () => {
      const d = sources.defaults;
      return {
        'svc.datasourcetracker.default.hop_rate': d.hopRate,
        'svc.datasourcetracker.default.hop': d.hop ? 1 : 0,
        'svc.datasourcetracker.default.split': d.split ? 1 : 0,
        'svc.datasourcetracker.default.random_order': d.shuffle ? 1 : 0,
        'svc.datasourcetracker.default.retry_on_error': d.retry ? 1 : 0,
        'svc.datasourcetracker.default.remote_cap_listen': d.remoteCaptureListen,
        'svc.datasourcetracker.default.remote_cap_port': d.remoteCapturePort,
        'svc.datasourcetracker.default.remote_cap_timestamp': d.overrideTimestamp ? 1 : 0,
      };
    },
    ['json', 'prettyjson'],
  );
  read('/datasource/all_sources', 'every datasource record', () => sources.list().map((source) => sources.record(source)));
  read('/datasource/by-uuid/:uuid/source', 'one datasource record, with statistics and state', ({ params }) => sources.record(sources.require(params.uuid!)));
  read('/antennas/antennas', "Kismet's antenna list: one antenna per datasource, keyed by id, with its info_antenna_* options", () => antennaMap(sources.list()));
  routes.http({
    methods: ['GET', 'POST'],
    path: '/datasource/list_interfaces',
    formats: TRACKED_FORMATS,
    role: 'admin',
    description: 'interfaces the list-capable datasource types can see (cached 15 s: listing is costly)',
    handler: () => sources.listInterfaces(),
  });
  routes.http({
    methods: ['POST'],
    path: '/datasource/add_source',
    formats: ['cmd'],
    role: 'admin',
    description: 'add a source from a definition line; 200 with its record even when it cannot open',
    handler: async ({ command: input }) => sources.record(await sources.add(requireString(input, 'definition'))),
  });
  command('set_channel', "lock a channel ('channel') or set the hop list ('channels', optional 'rate'/'hoprate', 'shuffle')", (source, { command: input }) =>
    sources.setChannel(source, channelRequest(input)),
    ['POST'],
  );
  command('set_hop', 'hop again over the hop list', (source) => sources.setHop(source));
  command('close_source', 'close the source; it stays listed', (source) => sources.close(source));
  command('disable_source', 'disable the source: closed, in error "disabled", never retried; add_source may then reuse its UUID', (source) => sources.disable(source));
  command('remove_source', 'remove the source from the server; its UUID is free for a corrected definition', (source) => sources.remove(source), ['POST']);
  command('open_source', 're-open a closed source from its definition', (source) => sources.open(source));
  command('pause_source', 'pause the source: its packets are discarded', (source) => sources.pause(source));
  command('resume_source', 'resume a paused source', (source) => sources.resume(source));
}

/** Reads set_channel's dictionary: `channel`, or `channels` with `rate` (or `hoprate`) and `shuffle`. */
function channelRequest(input: Readonly<Record<string, unknown>>): ChannelRequest {
  const { channel, channels, shuffle } = input;
  const rate = input.rate ?? input.hoprate;
  if (channel !== undefined && typeof channel !== 'string' && typeof channel !== 'number') throw new SvcError('SVC_ERR_BAD_CHANNEL', "'channel' must be a string");
  let list: string[] | undefined;
  if (channels !== undefined) {
    if (typeof channels === 'string') list = parseChannelList(channels, (problem) => new SvcError('SVC_ERR_BAD_CHANNEL', `'channels' ${problem}`));
    else if (Array.isArray(channels) && channels.every((item) => typeof item === 'string' || typeof item === 'number')) list = channels.map(String);
    else throw new SvcError('SVC_ERR_BAD_CHANNEL', "'channels' must be a list of channel names");
  }
  let hopRate: number | undefined;
  if (rate !== undefined) {
    if (typeof rate === 'number') hopRate = checkHopRate(rate);
    else if (typeof rate === 'string') hopRate = parseHopRate(rate);
    else throw new SvcError('SVC_ERR_BAD_RATE', "'rate' must be a number of hops per second");
  }
  let shuffleFlag: boolean | undefined;
  if (shuffle !== undefined) {
    if (typeof shuffle === 'number' || typeof shuffle === 'boolean') shuffleFlag = Boolean(shuffle);
    else throw new SvcError('SVC_ERR_BAD_REQUEST', "'shuffle' must be 0 or 1");
  }
  return { channel: channel === undefined ? undefined : String(channel), channels: list, rate: hopRate, shuffle: shuffleFlag };
}
