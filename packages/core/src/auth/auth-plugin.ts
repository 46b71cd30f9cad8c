/**
 * Logins and API keys as a built-in feature: the fields of the login record (who a request is)
 * and of the API key records. (The authenticator checks every request; the routes manage keys.)
 */
import { definePlugin } from '../plugin.js';

/** Name of the built-in auth plugin. */
export const AUTH_PLUGIN = '@svc/core:auth';

/** Registers the login and API key fields. */
export const authPlugin = definePlugin({
  name: AUTH_PLUGIN,
  apply(svc) {
    svc.hooks.fields.tap(AUTH_PLUGIN, (fields) => {
      fields.register('svc.login.name', 'string', 'user name of a password login, or the API key name');
      fields.register('svc.login.role', 'string', 'role of the login');
      fields.register('svc.login.method', 'string', 'how the login was proved: password, session or apikey');
      fields.register('svc.httpd.auth.name', 'string', 'API key name');
      fields.register('svc.httpd.auth.role', 'string', 'role the key grants');
      fields.register('svc.httpd.auth.created', 'uint64_t', 'time the key was created, Unix seconds');
      fields.register('svc.httpd.auth.expiration', 'uint64_t', 'time the key expires, Unix seconds; 0 = never');
      fields.register('svc.httpd.auth.token', 'string', 'the key token (shown only when httpd_allow_auth_view is true)');
    });
  },
});
