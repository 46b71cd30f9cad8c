/**
 * `@svc/web`: the web app, served by `svc start` at `/` (under `httpd_uri_prefix` when set).
 * The shell and its fingerprinted assets need no login (the app asks for one); every API call
 * the app makes is authenticated as any client's. The app is built by vite into `dist/app`;
 * this plugin only serves it.
 */
import { definePlugin, packageFile, serveStaticFile, SvcError } from '@svc/core';

/** Name of the web app plugin (first-party; `plugin_disable=@svc/web` turns the app off). */
export const WEB_PLUGIN = '@svc/web';

/** Where the built app is. */
const appDirectory = packageFile(import.meta.url, 'dist/app');

/** The web app plugin. */
export default definePlugin({
  name: WEB_PLUGIN,
  dependencies: [],
  apply(svc) {
    svc.hooks.routes.tap(WEB_PLUGIN, (routes) => {
      const shell = () => serveStaticFile(appDirectory, 'index.html', 'revalidate').catch((error: unknown) => {
        throw error instanceof SvcError && error.status === 404
          ? new SvcError('SVC_ERR_NOT_FOUND', `the web app is not built (${appDirectory} has no index.html): run npm run build`)
          : error;
      });
      routes.http({ methods: ['GET'], path: '/', formats: ['plain'], role: 'public', description: 'the web app', handler: shell });
      routes.http({ methods: ['GET'], path: '/index.html', formats: ['plain'], role: 'public', description: 'the web app', handler: shell });
      routes.http({
        methods: ['GET'],
        path: '/assets/:file',
        formats: ['plain'],
        role: 'public',
        description: "the web app's scripts, styles and images (fingerprinted, cached for a year)",
        handler: ({ params }) => serveStaticFile(`${appDirectory}/assets`, params.file!, 'immutable'),
      });
    });
  },
});
