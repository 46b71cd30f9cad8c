/**
 * System routes: status, server time, the tracked-field table, the route table and plugin
 * states. Applied as a built-in plugin.
 */
import { dataMap } from '../../fields/data-map.js';
import { pluginContributions } from '../../plugin-contributions.js';
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import type { Service } from '../../service-types.js';
import { STATUS_FIELDS, statusRecord, timestampRecord, type StatusSource } from '../../system/status.js';
import { escapeHtml } from '../../util/html.js';
import { routeUrlPath, TRACKED_FORMATS } from '../route-registry.js';

/** Name of the built-in system plugin. */
export const SYSTEM_PLUGIN = '@svc/core:system';

/** The system routes, given what status is built from. */
export function systemPlugin(status: (svc: Service) => StatusSource): PluginDefinition {
  return definePlugin({
    name: SYSTEM_PLUGIN,
    apply(svc) {
      svc.hooks.fields.tap(SYSTEM_PLUGIN, (fields) => {
        fields.registerAll(STATUS_FIELDS);
        fields.register('svc.route.methods', 'vector[string]', 'HTTP methods a route accepts (WS for websockets)');
        fields.register('svc.route.path', 'string', 'route path pattern; :name marks a path parameter');
        fields.register('svc.route.urls', 'vector[string]', 'URL paths the route answers, one per format');
        fields.register('svc.route.role', 'string', 'role a login needs for the route (admin passes every route)');
        fields.register('svc.route.description', 'string', 'what the route does');
        fields.register('svc.route.plugin', 'string', 'plugin that contributed the route');
        fields.register('svc.plugin.name', 'string', 'plugin package name');
        fields.register('svc.plugin.state', 'string', 'applied or failed');
        fields.register('svc.plugin.error', 'string', 'why the plugin failed, empty when applied');
        fields.register('svc.plugin.contributions', 'map[string,vector[string]]', 'what the plugin contributed, by registry (fields, routes, views...)');
      });
      svc.hooks.routes.tap(SYSTEM_PLUGIN, (routes) => {
        routes.http({
          methods: ['GET', 'POST'],
          path: '/system/status',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'server status: battery, time, memory, device count, version',
          handler: () => statusRecord(status(svc)),
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
              'svc.route.role': route.role,
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
