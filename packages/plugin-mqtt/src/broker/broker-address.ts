/**
 * A broker address: `mqtt://host[:port]` (1883 by default) or `mqtts://host[:port]` (TLS, 8883
 * by default). Credentials never go in the URL, where they would be shown and logged with it:
 * a URL with a user or password is refused with where to put them instead.
 */
import { SvcError, type ErrorCode } from '@svc/core';

/** A checked broker address. */
export interface BrokerAddress {
  /** `mqtt://host:port` or `mqtts://host:port`, safe to show. */
  readonly url: string;
  readonly tls: boolean;
  readonly host: string;
  readonly port: number;
}

/** Parses a broker URL; `where` names the key or option for the error (`mqtt_broker`, `broker=`). */
export function parseBrokerAddress(text: string, where: string, code: ErrorCode): BrokerAddress {
  const bad = (problem: string) => new SvcError(code, `${where}: ${problem}`);
  let url: URL;
  try {
    url = new URL(text.includes('://') ? text : `mqtt://${text}`);
  } catch {
    throw bad(`'${text.replace(/\/\/[^@/]*@/, '//***@')}' is not a broker address (write mqtt://host:1883 or mqtts://host:8883)`);
  }
  if (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') throw bad(`the broker must be mqtt:// or mqtts://, not ${url.protocol}//`);
  if (url.username !== '' || url.password !== '') throw bad('put no user or password in the broker URL (it is shown and logged); use the user and password settings');
  if (url.hostname === '') throw bad('the broker URL names no host');
  if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '') throw bad('a broker URL is scheme, host and port only');
  const tls = url.protocol === 'mqtts:';
  const port = url.port === '' ? (tls ? 8883 : 1883) : Number(url.port);
  if (port < 1) throw bad('the broker port must be 1 to 65535');
  return { url: `${url.protocol}//${url.host.includes(':') ? url.host : `${url.hostname}:${port}`}`, tls, host: url.hostname.replace(/^\[|\]$/g, ''), port };
}
