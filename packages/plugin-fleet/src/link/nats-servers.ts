/**
 * The NATS servers of `fleet_publish` and `fleet_view`: one `nats://host[:port]` URL, or several
 * comma separated (the members of a cluster; the client moves to another when one goes away),
 * `tls://` for a server that speaks only TLS. Credentials never go in a URL, where they would be
 * shown and logged with it: a URL with a user, password or token is refused with where to put
 * them instead.
 */
import { SvcError } from '@svc/core';

/** The default NATS client port. */
const NATS_PORT = 4222;

/** Checked server URLs, `nats://host:port` or `tls://host:port`, safe to show. */
export type NatsServers = readonly string[];

/** Parses the servers of a config key; `where` names the key and where it was set, for the error. */
export function parseNatsServers(text: string, where: string): NatsServers {
  const bad = (problem: string) => new SvcError('SVC_ERR_CONFIG_VALUE', `${where}: ${problem}`);
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length === 0) throw bad('names no NATS server (write nats://host:4222)');
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry.includes('://') ? entry : `nats://${entry}`);
    } catch {
      throw bad(`'${entry.replace(/\/\/[^@/]*@/, '//***@')}' is not a NATS server address (write nats://host:4222)`);
    }
    if (url.protocol !== 'nats:' && url.protocol !== 'tls:') throw bad(`a NATS server is nats:// or tls://, not ${url.protocol}//`);
    if (url.username !== '' || url.password !== '') throw bad('put no user, password or token in the server URL (it is shown and logged); use fleet_user, fleet_password, fleet_token or fleet_creds');
    if (url.hostname === '') throw bad(`'${entry}' names no host`);
    if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '') throw bad(`'${entry}': a NATS server URL is scheme, host and port only`);
    const port = url.port === '' ? NATS_PORT : Number(url.port);
    return `${url.protocol}//${url.hostname}:${port}`;
  });
}
