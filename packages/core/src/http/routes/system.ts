/**
 * System routes: status, server time, the tracked-field table, the route table, plugin
 * states, Kismet's plugin list and its echo websocket. (Their records' fields are system/system-plugin.ts's.)
 */
import { dataMap } from '../../fields/data-map.js';
import { pluginContributions } from '../../plugin-contributions.js';
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import type { Service } from '../../service-types.js';
import { pluginListRecords } from '../../system/plugin-list.js';
import { statusRecord, timestampRecord, type StatusSource } from '../../system/status.js';
import type { ServerIdentity } from '../../system/server-identity.js';
import { escapeHtml } from '../../util/html.js';
import { routeRoleText, routeUrlPath, TRACKED_FORMATS } from '../route-registry.js';

/** Echoes `/debug/echo.ws` holds for a client that does not read them before it closes the socket. */
const ECHO_MAX_BUFFERED_BYTES = 1 << 20;

/** Name of the built-in system routes. */
export const SYSTEM_ROUTES = '@svc/core:system-routes';

/** The system routes of a server that names itself `identity`. */
export function systemRoutes(identity: ServerIdentity): PluginDefinition {
  return definePlugin({
    name: SYSTEM_ROUTES,
    apply(svc) {
      svc.hooks.routes.tap(SYSTEM_ROUTES, (routes) => {
        routes.http({
          methods: ['GET', 'POST'],
          path: '/system/status',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'server status: battery, time, memory and device count with their histories, version',
          handler: () => statusRecord(statusSource(svc, identity)),
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/system/timestamp',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'server time',
          handler: () => timestampRecord(),
        });
        routes.http({
          methods: ['GET'],
          path: '/system/tracked_fields',
          formats: ['html'],
          role: 'readonly',
          description: 'HTML table of every registered field with its type and description',
          handler: () => trackedFieldsPage(svc),
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/system/routes',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'every route of this server with the role it requires',
          handler: () =>
            svc.routes.list().map((route) => ({
              'svc.route.methods': route.kind === 'websocket' ? ['WS'] : [...route.methods],
              'svc.route.path': route.path,
              'svc.route.urls': route.kind === 'websocket' ? [route.path] : route.formats.map((format) => routeUrlPath(route.path, format)),
              'svc.route.role': routeRoleText(route.role),
              'svc.route.description': route.description,
              'svc.route.plugin': svc.routes.ownerOf(route.name) ?? '',
            })),
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/system/plugins',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'every plugin and whether it was applied',
          handler: () =>
            svc.plugins.map((plugin) => ({
              'svc.plugin.name': plugin.name,
              'svc.plugin.state': plugin.state,
              'svc.plugin.error': plugin.error ? `${plugin.error.code}: ${plugin.error.message}` : '',
              'svc.plugin.contributions': dataMap(Object.fromEntries(pluginContributions(svc, plugin.name))),
            })),
        });
        routes.websocket({
          path: '/debug/echo.ws',
          role: 'admin',
          description: "Kismet's test websocket: each message comes back as it was sent (text as text, binary as binary)",
          connect: (session) => ({
            message(data) {
              // A client that sends without reading its echoes is cut off before they pile up.
              if (session.bufferedAmount > ECHO_MAX_BUFFERED_BYTES) session.close(1008, 'echoes are not being read');
              else session.send(data);
            },
          }),
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/plugins/all_plugins',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: "Kismet's plugin list: the plugins loaded from packages with their package's description, author, version and directory, and their web app module",
          handler: () => pluginListRecords(svc),
        });
      });
    },
  });
}

function trackedFieldsPage(svc: Service): string {
  const rows = svc.fields
    .list()
    .map(
      (field, index) =>
        `<tr><td>${escapeHtml(field.name)}</td><td>${index + 1}</td><td>${escapeHtml(field.type)}</td><td>${escapeHtml(field.description)}</td><td>${escapeHtml(svc.fields.ownerOf(field.name) ?? '')}</td></tr>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>svc - tracked fields</title></head>
<body><h2>svc field descriptions</h2>
<table>
<tr><th>Name</th><th>ID</th><th>Type</th><th>Description</th><th>Plugin</th></tr>
${rows}
</table></body></html>
`;
}

/** What the status record is built from: the service's counts and the server's identity. */
function statusSource(svc: Service, identity: ServerIdentity): StatusSource {
  return {
    history: svc.systemHistory,
    version: svc.version,
    serverUuid: svc.serverUuid,
    startTime: svc.startTime,
    serverName: identity.name,
    serverDescription: identity.description,
    serverLocation: identity.location,
    numFields: () => svc.fields.size,
    numPlugins: () => svc.plugins.filter((plugin) => plugin.state === 'applied').length,
    deviceCount: () => svc.devices.size,
  };
}
