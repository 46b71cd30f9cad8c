/**
 * Alert routes: define alerts at runtime, raise them (singular and plural paths, since
 * python-kismet-rest posts the singular), and read the backlog (whole, since a time, or since a
 * time wrapped with the server's time as Kismet's web UI polls it, or paged and searched as
 * Kismet's alert table asks for it) and the definitions. (The
 * records' fields, the `ALERT` topic and what follows an alert are alerts/alerts-plugin.ts's.)
 */
import type { RaiseAlertInput } from '../../alerts/alert-tracker.js';
import { SvcError } from '../../errors.js';
import { definePlugin } from '../../plugin.js';
import { nowSeconds, parseTimestamp } from '../../time/timestamp.js';
import { requireRoom } from '../../util/list-limit.js';
import { optionalNumber, optionalString, requireString } from '../command-input.js';
import { TRACKED_FORMATS, type RouteContext } from '../route-registry.js';
import { answerRecordList } from './record-list.js';

/** What a search of the alert table looks in when the request names no fields. */
const ALERT_SEARCH_FIELDS = ['svc.alert.header', 'svc.alert.text', 'svc.alert.class', 'svc.alert.transmitter_mac', 'svc.alert.source_mac', 'svc.alert.dest_mac'];

/** Name of the built-in alert routes. */
export const ALERTS_ROUTES = '@svc/core:alerts-routes';

/** Longest name and description of an alert a client defines. */
export const MAX_ALERT_NAME = 64;
export const MAX_ALERT_DESCRIPTION = 1024;

/** Serves `/alerts/*`. */
export const alertsRoutes = definePlugin({
  name: ALERTS_ROUTES,
  apply(svc) {

    const raise = ({ command }: RouteContext) => {
      const input: RaiseAlertInput = {
        name: requireString(command, 'name'),
        text: optionalString(command, 'text') ?? '',
        transmitterMac: optionalString(command, 'bssid'),
        sourceMac: optionalString(command, 'source'),
        destMac: optionalString(command, 'dest'),
        otherMac: optionalString(command, 'other'),
        channel: optionalString(command, 'channel'),
      };
      return svc.alerts.raise(input);
    };

    const definitionLimit = { what: 'alert definitions (built-in ones included)', key: 'alert_max_definitions', max: svc.config.getNumber('alert_max_definitions', 1024, { min: 1, integer: true }) };
    svc.hooks.routes.tap(ALERTS_ROUTES, (routes) => {
      routes.http({
        methods: ['POST'],
        path: '/alerts/definitions/define_alert',
        formats: ['cmd'],
        role: 'admin',
        description: 'define an alert: name, description, throttle and burst rates (N/sec|min|hour|day), class, severity, phyname',
        handler: ({ command }) => {
          const name = requireString(command, 'name');
          const description = optionalString(command, 'description') ?? '';
          if (name.length > MAX_ALERT_NAME) throw new SvcError('SVC_ERR_BAD_REQUEST', `an alert name is at most ${MAX_ALERT_NAME} characters, not ${name.length}`);
          if (description.length > MAX_ALERT_DESCRIPTION) throw new SvcError('SVC_ERR_BAD_REQUEST', `an alert description is at most ${MAX_ALERT_DESCRIPTION} characters, not ${description.length}`);
          if (!svc.alerts.isDefined(name)) requireRoom(definitionLimit, svc.alerts.definitionCount, 1);
          return svc.alerts.define({
            name,
            description,
            throttle: requireString(command, 'throttle'),
            burst: requireString(command, 'burst'),
            class: optionalString(command, 'class'),
            severity: optionalNumber(command, 'severity'),
            phyName: optionalString(command, 'phyname'),
          });
        },
      });
      for (const path of ['/alerts/raise_alert', '/alerts/raise_alerts']) {
        routes.http({
          methods: ['POST'],
          path,
          formats: ['cmd'],
          role: 'admin',
          description: 'raise a defined alert: name, text, optional bssid, source, dest, other MACs and channel',
          handler: raise,
        });
      }
      routes.http({
        methods: ['GET', 'POST'],
        path: '/alerts/all_alerts',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'the alert backlog, oldest first',
        handler: () => svc.alerts.all(),
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/alerts/alerts_view',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: "Kismet's alert table: the backlog with fields, regex, last_time, datatables or page paging, search and sort, as device views have them",
        simplify: false,
        handler: (context) => answerRecordList(svc.alerts.all(), context, { summaryFields: ALERT_SEARCH_FIELDS, lastTimeField: 'svc.alert.timestamp' }),
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/alerts/definitions',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'every alert definition with its throttle state; fields, regex, datatables or page paging, search, sort',
        simplify: false,
        handler: (context) => answerRecordList(svc.alerts.definitions(), context, { summaryFields: ['svc.alert.definition.header', 'svc.alert.definition.description', 'svc.alert.definition.class'] }),
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/alerts/last-time/:timestamp/alerts',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'alerts raised after a timestamp (absolute, or negative for seconds before now)',
        handler: ({ params }) => svc.alerts.since(parseTimestamp(params.timestamp!)),
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/alerts/wrapped/last-time/:timestamp/alerts',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'alerts raised after a timestamp, with the server time to ask from next: {svc.alert.list, svc.alert.timestamp}',
        handler: ({ params }) => {
          const since = parseTimestamp(params.timestamp!);
          return { 'svc.alert.list': svc.alerts.since(since), 'svc.alert.timestamp': Math.round(nowSeconds() * 1e6) / 1e6 };
        },
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/alerts/by-id/:hash/alert',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'one alert by its hash',
        handler: ({ params }) => {
          const hash = Number(params.hash);
          const alert = Number.isInteger(hash) ? svc.alerts.byHash(hash) : undefined;
          if (!alert) throw new SvcError('SVC_ERR_NOT_FOUND', `no alert with id '${params.hash}' in the backlog`);
          return alert;
        },
      });
    });
  },
});
