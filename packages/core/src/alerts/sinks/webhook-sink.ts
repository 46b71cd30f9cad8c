/**
 * The `webhook` alert sink: each alert is POSTed as its JSON record (the one `/alerts` serves)
 * to a URL, `alert_sink=webhook:url=https://hooks.example/svc`. A 2xx answer delivers it;
 * anything else (another status, a redirect, no answer) fails the attempt and the manager
 * retries. With `secret=` (or `secret_env=VAR`, which keeps it out of config files) the body
 * is signed with HMAC-SHA256 and the signature sent as `X-Svc-Signature-256: sha256=<hex>`,
 * as GitHub signs its webhooks, so the receiver can check the alert came from this server.
 * The receiver cannot swell or hold the server: the request is a bounded one (bounded-request.ts:
 * `connect_timeout`, the sink's `timeout`, a few KB of the answer read).
 */
import { createHmac } from 'node:crypto';
import { boundedRequest } from '../../util/bounded-request.js';
import { badSinkOption, numberOption } from './alert-sink-definition.js';
import type { AlertSinkTypeDefinition } from './alert-sink-type.js';

/** Longest an attempt can take whatever its signal says (the longest `timeout` a sink takes). */
const MAX_ATTEMPT_MS = 600_000;

/** Header carrying the body's HMAC-SHA256 signature. */
export const SIGNATURE_HEADER = 'x-svc-signature-256';

/** The HMAC-SHA256 signature of a body as sent in {@link SIGNATURE_HEADER}. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The webhook sink type. */
export const webhookSinkType: AlertSinkTypeDefinition = {
  name: 'webhook',
  description: 'POST each alert record as JSON to a URL (retried with back-off), optionally signed with HMAC-SHA256',
  options: {
    url: 'the http:// or https:// URL to POST to; required',
    secret: 'HMAC-SHA256 key: the body is signed in X-Svc-Signature-256 (sha256=<hex>)',
    secret_env: 'name of an environment variable holding the HMAC key (keeps it out of the config file)',
    connect_timeout: 'seconds the connection may take to come up, name lookup included (default 5)',
  },
  create(definition, context) {
    const raw = definition.options.get('url');
    if (!raw) throw badSinkOption(definition, 'webhook needs url=http(s)://host/path');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badSinkOption(definition, 'url is not a URL (write url=https://host/path)');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badSinkOption(definition, `url must be http:// or https://, not ${url.protocol}//`);
    const secretEnv = definition.options.get('secret_env');
    if (secretEnv !== undefined && definition.options.has('secret')) throw badSinkOption(definition, 'give secret= or secret_env=, not both');
    let secret = definition.options.get('secret');
    if (secretEnv !== undefined) {
      secret = process.env[secretEnv];
      if (!secret) throw badSinkOption(definition, `secret_env names ${secretEnv}, which is not set in the environment`);
    }
    const connectTimeout = numberOption(definition.name, 'connect_timeout', definition.options.get('connect_timeout'), 5, { min: 0.1, max: 600 });
    const userAgent = `svc/${context.version}`;
    return {
      target: url.origin,
      async deliver(alert, signal) {
        const body = JSON.stringify(alert);
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': userAgent,
          'x-svc-alert': String(alert['svc.alert.header']),
          'x-svc-server': context.serverName,
        };
        if (secret !== undefined) headers[SIGNATURE_HEADER] = webhookSignature(secret, body);
        let response;
        try {
          // The total time is the sink's timeout, which aborts the signal; the request's own is a backstop.
          response = await boundedRequest(url, { method: 'POST', headers, body, connectTimeoutMs: connectTimeout * 1000, timeoutMs: MAX_ATTEMPT_MS, signal });
        } catch (error) {
          throw new Error(`POST to ${url.origin} failed: ${(error as Error).message}`);
        }
        // The body is never shown (it is the receiver's); only the status counts.
        if (response.status < 200 || response.status > 299) throw new Error(`${url.origin} answered ${response.status} ${response.statusText}`.trim());
      },
    };
  },
};
