/**
 * Login and API key routes: session checks, and admin management of API keys. They are given
 * the key store directly, since plugins never see credentials. (The login and key records'
 * fields are auth/auth-plugin.ts's.)
 */
import type { ApiKeyStore } from '../../auth/api-keys.js';
import { cookieValue, TOKEN_NAME, type Authenticator } from '../../auth/authenticator.js';
import { isRole, loginRecord, ROLES } from '../../auth/login.js';
import { SvcError } from '../../errors.js';
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import { optionalNumber, requireString } from '../command-input.js';
import { TRACKED_FORMATS } from '../route-registry.js';
import { answerRecordList } from './record-list.js';

/** Name of the built-in auth routes. */
export const AUTH_ROUTES = '@svc/core:auth-routes';

/** The cookie a login sets: the session (or API key) token, out of reach of page scripts. */
function sessionCookie(token: string, maxAgeSeconds?: number): string {
  return `${TOKEN_NAME}=${token}; Path=/; HttpOnly; SameSite=Strict${maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`}`;
}

/** A JSON answer with a cookie set. */
function withCookie(body: unknown, cookie: string): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'set-cookie': cookie } });
}

/** Serves `/session/*` and `/auth/apikey/*`. */
export function authRoutes(apiKeys: ApiKeyStore, authenticator: Authenticator): PluginDefinition {
  return definePlugin({
    name: AUTH_ROUTES,
    apply(svc) {
      const allowCreation = svc.config.getBoolean('httpd_allow_auth_creation', true);
      const showTokens = svc.config.getBoolean('httpd_allow_auth_view', true);
      svc.hooks.routes.tap(AUTH_ROUTES, (routes) => {
        routes.http({
          methods: ['GET', 'POST'],
          path: '/session/check_session',
          formats: ['plain'],
          role: 'any',
          description: 'answers 200 when the request carries a valid login, session or API key',
          handler: () => 'Session valid\n',
        });
        routes.http({
          methods: ['POST'],
          path: '/session/login',
          formats: ['cmd'],
          role: 'public',
          description: 'log in with user and password (a session of its own) or apikey; sets cookie SVC and answers who the login is',
          handler: ({ command }) => {
            const apiKey = command.apikey;
            const credentials =
              apiKey !== undefined ? { apiKey: requireString(command, 'apikey') } : { user: requireString(command, 'user'), password: requireString(command, 'password') };
            const authentication = authenticator.logIn(credentials);
            if (!authentication) throw new SvcError('SVC_ERR_BAD_CREDENTIALS', 'apiKey' in credentials ? 'that API key is not valid (expired, revoked or mistyped)' : 'wrong user or password');
            return withCookie(loginRecord(authentication.login), sessionCookie(authentication.sessionToken!));
          },
        });
        routes.http({
          methods: ['POST'],
          path: '/session/logout',
          formats: ['cmd'],
          role: 'any',
          description: 'log out: ends the session of the SVC cookie and clears the cookie',
          handler: ({ request }) => {
            const token = cookieValue(request.headers.get('cookie'), TOKEN_NAME);
            if (token) authenticator.logOut(token);
            return withCookie({ 'svc.login.name': '' }, sessionCookie('', 0));
          },
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/session/whoami',
          formats: TRACKED_FORMATS,
          role: 'any',
          description: 'who the request is logged in as: name, role and how',
          handler: ({ login }) => loginRecord(login!),
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/session/check_login',
          formats: ['plain'],
          role: 'admin',
          description: 'answers 200 when the request carries a valid admin login',
          handler: () => 'Login valid\n',
        });
        routes.http({
          methods: ['POST'],
          path: '/auth/apikey/generate',
          formats: ['cmd'],
          role: 'admin',
          description: `create an API key: name, role (${ROLES.join(', ')}), duration in seconds (0 = never expires); answers the token`,
          handler: ({ command }) => {
            if (!allowCreation) throw new SvcError('SVC_ERR_FORBIDDEN', 'API key creation is disabled (httpd_allow_auth_creation=false)');
            const name = requireString(command, 'name');
            const role = requireString(command, 'role');
            if (!isRole(role)) throw new SvcError('SVC_ERR_BAD_REQUEST', `role '${role}' is not one of ${ROLES.join(', ')}`);
            const key = apiKeys.generate(name, role, optionalNumber(command, 'duration') ?? 0);
            svc.messages.post(`API key '${name}' with role ${role} created`);
            return key.token;
          },
        });
        routes.http({
          methods: ['POST'],
          path: '/auth/apikey/revoke',
          formats: ['cmd'],
          role: 'admin',
          description: 'revoke an API key by name',
          handler: ({ command }) => {
            const name = requireString(command, 'name');
            apiKeys.revoke(name);
            svc.messages.post(`API key '${name}' revoked`);
            return 'revoked\n';
          },
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/auth/apikey/list',
          formats: TRACKED_FORMATS,
          role: 'admin',
          description: 'every API key with its role and expiry; fields, regex, datatables or page paging, search, sort',
          simplify: false,
          handler: (context) =>
            answerRecordList(apiKeys.list(), context, {
              summaryFields: ['svc.httpd.auth.name', 'svc.httpd.auth.role'],
              record: (key) => ({
                'svc.httpd.auth.name': key.name,
                'svc.httpd.auth.role': key.role,
                'svc.httpd.auth.created': key.created,
                'svc.httpd.auth.expiration': key.expires,
                ...(showTokens ? { 'svc.httpd.auth.token': key.token } : {}),
              }),
            }),
        });
      });
    },
  });
}
