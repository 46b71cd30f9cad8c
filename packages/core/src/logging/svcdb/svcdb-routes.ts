/**
 * Kismet's routes that work on the open kismetdb log, under svc's names: the log's packets as a
 * pcapng download (`/logging/svcdb/pcap/{title}.pcapng`, readonly, filtered as
 * svcdb-pcap-export.ts reads it), dropping its old packets (`/logging/svcdb/pcap/drop.cmd`,
 * admin: `drop_before`, Unix seconds), and points of interest (`/poi/create_poi.cmd`, admin:
 * an optional `note`; `/poi/list_poi.json`, readonly). Each needs an open svcdb log, as Kismet's
 * need kismetdb's, and is a 409 saying how to start one without.
 */
import { SvcError } from '../../errors.js';
import { currentLocation } from '../../gps/gps-records.js';
import { captureResponse } from '../../http/capture-response.js';
import { optionalString } from '../../http/command-input.js';
import { TRACKED_FORMATS, type RouteRegistry } from '../../http/route-registry.js';
import type { Service } from '../../service-types.js';
import type { LogManager } from '../log-manager.js';
import { sourceInterfaceName } from '../pcapng/source-interface-name.js';
import type { PointsOfInterest } from '../poi/points-of-interest.js';
import { svcdbPacketQuery, svcdbPcapngStream } from './svcdb-pcap-export.js';

/** A download title: what Kismet puts before `.pcapng` in the file name offered. */
const TITLE = /^[A-Za-z0-9._-]{1,128}$/;

/** Adds the svcdb log's routes. */
export function addSvcdbRoutes(routes: RouteRegistry, svc: Service, logs: LogManager, points: PointsOfInterest): void {
  routes.http({
    methods: ['GET', 'POST'],
    path: '/logging/svcdb/pcap/:title',
    formats: ['pcapng'],
    role: 'readonly',
    description:
      "the open svcdb log's packets as pcapng, offered as <title>.pcapng; Kismet's filter options as variables or in a filter dictionary: timestamp_start, timestamp_end, datasource, device_id, dlt, frequency, frequency_min, frequency_max, signal_min, signal_max, address_source, address_dest, address_trans, location_lat_min, location_lat_max, location_lon_min, location_lon_max, size_min, size_max, tag, limit",
    handler: ({ params, vars, command }) => {
      const title = params.title!;
      if (!TITLE.test(title)) throw new SvcError('SVC_ERR_BAD_REQUEST', `a title is 1 to 128 letters, digits, '.', '_' or '-', not '${title}'`);
      const query = svcdbPacketQuery(vars, command.filter);
      const log = logs.requireOpen('svcdb');
      return captureResponse(svcdbPcapngStream(log.path, query, sourceInterfaceName(svc.datasources)), `${title}.pcapng`);
    },
  });
  routes.http({
    methods: ['POST'],
    path: '/logging/svcdb/pcap/drop',
    formats: ['cmd'],
    role: 'admin',
    description: 'remove the packets of Unix second drop_before and earlier from the open svcdb log; answers how many went',
    handler: async ({ command }) => {
      const before = command.drop_before;
      if (before === undefined) throw new SvcError('SVC_ERR_MISSING_KEY', "'drop_before' is required: a Unix time in seconds");
      if (typeof before !== 'number' || !Number.isInteger(before) || before < 0) throw new SvcError('SVC_ERR_BAD_REQUEST', `'drop_before' must be a Unix time in whole seconds, not ${JSON.stringify(before)}`);
      const log = logs.requireOpen('svcdb');
      return { 'svc.logging.dropped_packets': await log.writer.dropPackets!(before) };
    },
  });
  routes.http({
    methods: ['POST'],
    path: '/poi/create_poi',
    formats: ['cmd'],
    role: 'admin',
    description: "mark a point of interest: now, the server's position, an optional note (at most 4 096 characters); written to the open svcdb log as Kismet writes it (a POI snapshot) and published as POI",
    handler: ({ command }) => {
      logs.requireOpen('svcdb');
      const point = points.create(optionalString(command, 'note'), currentLocation(svc.gps));
      svc.events.publish('POI', point);
      return point;
    },
  });
  routes.http({
    methods: ['GET', 'POST'],
    path: '/poi/list_poi',
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: 'the points of interest marked since the server started (the last 1 000), oldest first',
    handler: () => points.list(),
  });
}
