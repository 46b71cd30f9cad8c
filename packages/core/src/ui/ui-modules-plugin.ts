/**
 * Serves the UI modules plugins contributed (`uiModules` hook): `/ui/modules.json` lists them
 * with the plugin that gave each, and `/ui/modules/<name>.js` serves each file, to any login, so
 * the web app can load them once someone has logged in; Kismet's `/dynamic.json` and
 * `/dynamic.js` list them too (dynamic-modules.ts). Applied as a built-in plugin.
 */
import { basename, dirname } from 'node:path';
import { SvcError } from '../errors.js';
import { definePlugin } from '../plugin.js';
import { serveStaticFile } from '../http/static-file.js';
import { TRACKED_FORMATS } from '../http/route-registry.js';
import { dynamicModulesRecord, dynamicModulesScript, uiModuleUrl } from './dynamic-modules.js';

/** Name of the built-in UI modules plugin. */
export const UI_MODULES_PLUGIN = '@svc/core:ui-modules';

/** The UI modules plugin. */
export const uiModulesPlugin = definePlugin({
  name: UI_MODULES_PLUGIN,
  apply(svc) {
    svc.hooks.fields.tap(UI_MODULES_PLUGIN, (fields) => {
      fields.register('svc.ui.module.name', 'string', 'UI module name');
      fields.register('svc.ui.module.description', 'string', 'what the module adds to the web app');
      fields.register('svc.ui.module.plugin', 'string', 'plugin that contributed it');
      fields.register('svc.ui.module.url', 'string', 'path of the module, relative to the server root');
    });
    svc.hooks.routes.tap(UI_MODULES_PLUGIN, (routes) => {
      routes.http({
        methods: ['GET', 'POST'],
        path: '/ui/modules',
        formats: TRACKED_FORMATS,
        role: 'any',
        description: 'UI modules plugins contributed to the web app',
        handler: () =>
          svc.uiModules.list().map((module) => ({
            'svc.ui.module.name': module.name,
            'svc.ui.module.description': module.description,
            'svc.ui.module.plugin': svc.uiModules.ownerOf(module.name) ?? '',
            'svc.ui.module.url': uiModuleUrl(module),
          })),
      });
      routes.http({
        methods: ['GET'],
        path: '/ui/modules/:file',
        formats: ['plain'],
        role: 'any',
        description: 'one UI module, as its plugin built it',
        handler: ({ params }) => {
          const name = params.file!.replace(/\.js$/, '');
          const module = svc.uiModules.get(name);
          if (!module) throw new SvcError('SVC_ERR_NOT_FOUND', `no UI module '${params.file}'; /ui/modules.json lists them`);
          return serveStaticFile(dirname(module.file), basename(module.file), 'revalidate');
        },
      });
      routes.http({
        methods: ['GET'],
        path: '/dynamic',
        formats: ['json'],
        role: 'public',
        description: "Kismet's list of the web UI's plugin modules: {dynamicjs: [{module, js}]}",
        handler: () => dynamicModulesRecord(svc.uiModules.list()),
      });
      routes.http({
        methods: ['GET'],
        path: '/dynamic.js',
        formats: ['plain'],
        role: 'public',
        description: "Kismet's loader of the web UI's plugin modules: a variable per module and load_dynamics(), which imports them",
        handler: () => new Response(dynamicModulesScript(svc.uiModules.list()), { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' } }),
      });
    });
  },
});
