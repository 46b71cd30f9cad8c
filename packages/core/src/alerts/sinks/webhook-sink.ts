/**
 * The `webhook` alert sink: each alert is POSTed as its JSON record (the one `/alerts` serves)
 * to a URL, `alert_sink=webhook:url=https://hooks.example/svc`. A 2xx answer delivers it;
 * anything else (another status, a redirect, no answer) fails the attempt and the manager
 * retries. With `secret=` (or `secret_env=VAR`, which keeps it out of config files) the body
 * is signed with HMAC-SHA256 and the signature sent as `X-Svc-Signature-256: sha256=<hex>`,
 * as GitHub signs its webhooks, so the receiver can check the alert came from this server.
 */
import { createHmac } from 'node:crypto';
import { badSinkOption } from './alert-sink-definition.js';
import type { AlertSinkTypeDefinition } from './alert-sink-type.js';

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
    const userAgent = `svc/${context.version}`;
    return {
      target: url.origin,
      async deliver(alert, signal) {
        const body = JSON.stringify(alert);
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'user-agent': userAgent,
          'x-svc-alert': String(alert['svc.alert.header']),
          'x-svc-server': context.serverName,
        };
        if (secret !== undefined) headers[SIGNATURE_HEADER] = webhookSignature(secret, body);
        let response: Response;
        try {
          response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal });
        } catch (error) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          throw new Error(`POST to ${url.origin} failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
        }
        // Drain the body so the connection can be reused; its content is not shown (it is the receiver's).
        await response.arrayBuffer().catch(() => undefined);
        if (response.status < 200 || response.status > 299) throw new Error(`${url.origin} answered ${response.status} ${response.statusText}`.trim());
      },
    };
  },
};
