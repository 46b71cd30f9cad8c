/**
 * The routes a client asks before it logs in, all public, as Kismet serves them: whether an
 * admin login is set (`/session/check_setup_ok`), setting the first one (`/session/set_password`,
 * which anyone may call only while none is set, and afterwards only the admin), and who the
 * server runs as and who the request is (`/system/user_status`), from which the web app learns
 * whether its cookie still holds a session without calling a route that would answer 401.
 * The session routes answer Kismet's statuses with its text bodies.
 */
import type { Authenticator } from '../../auth/authenticator.js';
import type { AdminLogin, AdminLoginSource } from '../../auth/credentials.js';
import { loginRecord, type Login } from '../../auth/login.js';
import { SvcError } from '../../errors.js';
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import { serverUser } from '../../system/status.js';
import { TRACKED_FORMATS } from '../route-registry.js';
import { contentTypeOf } from '../serializers.js';

/** Name of the built-in login state routes. */
export const LOGIN_STATE_ROUTES = '@svc/core:login-state-routes';

/** A text answer with a status, as Kismet's session routes give. */
function textAnswer(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': contentTypeOf('txt'), 'cache-control': 'no-store' } });
}

/** What `/session/check_setup_ok` answers for each place the login comes from. */
const SETUP_ANSWERS: Readonly<Record<AdminLoginSource, readonly [status: number, text: string]>> = {
  config: [406, 'Login configured in global config\n'],
  file: [200, 'Login configured in user config\n'],
  unset: [500, 'Login not configured\n'],
};

/** Serves `/session/check_setup_ok`, `/session/set_password` and `/system/user_status`. */
export function loginStateRoutes(admin: AdminLogin, authenticator: Authenticator): PluginDefinition {
  return definePlugin({
    name: LOGIN_STATE_ROUTES,
    apply(svc) {
      /** The valid login a request carries, if any (public routes are not checked in front). */
      const loginOf = (request: Request): Login | undefined => authenticator.authenticate(request.headers, new URL(request.url))?.login;
      svc.hooks.routes.tap(LOGIN_STATE_ROUTES, (routes) => {
        routes.http({
          methods: ['GET'],
          path: '/session/check_setup_ok',
          formats: ['plain'],
          role: 'public',
          description: 'whether an admin login is set: 200 in the auth file, 406 in the config or on the command line, 500 not yet (first-run setup)',
          handler: () => textAnswer(...SETUP_ANSWERS[admin.source]),
        });
        routes.http({
          methods: ['POST'],
          path: '/session/set_password',
          formats: ['plain'],
          role: 'public',
          description: 'set the admin login (form username, password of at least 8 characters) in the auth file: without a login only while none is set, afterwards as the admin',
          handler: ({ vars, request }) => {
            if (admin.source === 'config') {
              return textAnswer(403, 'Login is configured in the global svc configuration (svc.conf or the command line) and may not be configured via this API.\n');
            }
            if (admin.source === 'file' && loginOf(request)?.role !== 'admin') {
              return textAnswer(403, 'Login is already configured; the existing login is required before it can be changed via this API.\n');
            }
            const { username, password } = vars;
            if (username === undefined || password === undefined) return textAnswer(400, 'Missing username or password in request\n');
            try {
              admin.set(username, password);
            } catch (error) {
              if (error instanceof SvcError && error.code === 'SVC_ERR_BAD_REQUEST') return textAnswer(400, `${error.message}\n`);
              throw error;
            }
            svc.messages.post(`A new administrator login has been set for user '${username}'`);
            return textAnswer(200, 'Login configured\n');
          },
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/system/user_status',
          formats: TRACKED_FORMATS,
          role: 'public',
          description: 'the Unix user the server runs as (svc.system.user) and, when the request carries a valid login, who it is (svc.login.name, role, method)',
          handler: ({ request }) => {
            const login = loginOf(request);
            return { 'svc.system.user': serverUser(), ...(login ? loginRecord(login) : {}) };
          },
        });
      });
    },
  });
}
