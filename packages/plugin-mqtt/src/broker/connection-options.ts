/**
 * What it takes to connect to a broker besides its address: the login (user and password,
 * each from config or the environment, the password never shown), the client id, TLS
 * settings for `mqtts://` (a CA file for a private CA; certificate checks stay on unless
 * turned off on purpose), and the keepalive.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { IClientOptions } from 'mqtt';
import type { BrokerAddress } from './broker-address.js';

/** Connection settings shared by MQTT out and the `mqtt` datasource. */
export interface BrokerLogin {
  readonly username?: string;
  /** Never logged or shown. */
  readonly password?: string;
  /** PEM file of the CA that signed the broker's certificate (`mqtts://` with a private CA). */
  readonly caFile?: string;
  /** Skip the broker certificate check (a test broker with a self-signed certificate). */
  readonly insecure?: boolean;
}

/** Options for mqtt.js's `connect`, without automatic reconnection (svc reconnects with its own back-off). */
export function clientOptions(address: BrokerAddress, login: BrokerLogin, clientId: string, extra: Partial<IClientOptions> = {}): IClientOptions {
  return {
    protocol: address.tls ? 'mqtts' : 'mqtt',
    host: address.host,
    port: address.port,
    clientId,
    username: login.username,
    password: login.password,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    keepalive: 30,
    clean: true,
    // SNI takes a host name, never an address (RFC 6066).
    ...(address.tls ? { ca: login.caFile ? readFileSync(login.caFile) : undefined, rejectUnauthorized: !login.insecure, servername: isIP(address.host) ? undefined : address.host } : {}),
    ...extra,
  };
}

/** Back-off before reconnect attempt `attempt` (0 first): 1 s doubling to 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}
