/**
 * What it takes to connect to NATS besides the servers, passed through to the client as they
 * are: one way to log in (user and password, a token, an nkey seed file, or a `.creds` file of a
 * JWT and its nkey) and the TLS files (a private CA, a client certificate and key for mutual
 * TLS). Secrets come from config or, to keep them out of config files, the environment
 * (`SVC_FLEET_PASSWORD`, `SVC_FLEET_TOKEN`); none is ever logged or shown.
 */
import { readFileSync } from 'node:fs';
import { credsAuthenticator, nkeyAuthenticator, type ConnectionOptions } from '@nats-io/transport-node';
import { SvcError, type Config } from '@svc/core';

/** Login and TLS settings of the fleet's NATS connection. */
export interface NatsLogin {
  readonly user?: string;
  /** Never logged or shown. */
  readonly password?: string;
  /** Never logged or shown. */
  readonly token?: string;
  /** A `.creds` file (JWT and nkey seed, as `nsc` writes them). */
  readonly credsFile?: string;
  /** A file holding an nkey seed (`SU...`). */
  readonly nkeySeedFile?: string;
  readonly tls?: { readonly caFile?: string; readonly certFile?: string; readonly keyFile?: string };
}

/** Reads the login and TLS settings, checking that each named file can be read. */
export function readNatsLogin(config: Config): NatsLogin {
  const file = (key: string): string | undefined => {
    const path = config.get(key);
    if (path === undefined || path === '') return undefined;
    try {
      readFileSync(path);
    } catch (error) {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin(key)}: ${key} ${path} cannot be read (${(error as { code?: string }).code ?? (error as Error).message})`);
    }
    return path;
  };
  const user = config.get('fleet_user') || undefined;
  const password = config.get('fleet_password') || process.env.SVC_FLEET_PASSWORD || undefined;
  const token = config.get('fleet_token') || process.env.SVC_FLEET_TOKEN || undefined;
  const credsFile = file('fleet_creds');
  const nkeySeedFile = file('fleet_nkey_seed');
  const ways = [user !== undefined || password !== undefined, token !== undefined, credsFile !== undefined, nkeySeedFile !== undefined].filter(Boolean).length;
  if (ways > 1) throw new SvcError('SVC_ERR_CONFIG_VALUE', 'fleet: set one way to log in to NATS: fleet_user and fleet_password, fleet_token, fleet_creds or fleet_nkey_seed');
  if ((user === undefined) !== (password === undefined)) throw new SvcError('SVC_ERR_CONFIG_VALUE', 'fleet: fleet_user and fleet_password (or SVC_FLEET_PASSWORD) go together');
  const caFile = file('fleet_tls_ca');
  const certFile = file('fleet_tls_cert');
  const keyFile = file('fleet_tls_key');
  if ((certFile === undefined) !== (keyFile === undefined)) throw new SvcError('SVC_ERR_CONFIG_VALUE', 'fleet: fleet_tls_cert and fleet_tls_key go together (a client certificate and its key)');
  const tls = caFile || certFile ? { caFile, certFile, keyFile } : undefined;
  return { user, password, token, credsFile, nkeySeedFile, tls };
}

/** The client's connection options for the login: the secrets go to the client and nowhere else. */
export function loginOptions(login: NatsLogin): Partial<ConnectionOptions> {
  const options: Partial<ConnectionOptions> = {};
  if (login.user !== undefined) Object.assign(options, { user: login.user, pass: login.password });
  if (login.token !== undefined) options.token = login.token;
  if (login.credsFile !== undefined) options.authenticator = credsAuthenticator(readFileSync(login.credsFile));
  if (login.nkeySeedFile !== undefined) options.authenticator = nkeyAuthenticator(new TextEncoder().encode(readFileSync(login.nkeySeedFile, 'utf8').trim()));
  if (login.tls) options.tls = { ...(login.tls.caFile && { caFile: login.tls.caFile }), ...(login.tls.certFile && { certFile: login.tls.certFile, keyFile: login.tls.keyFile }) };
  return options;
}
