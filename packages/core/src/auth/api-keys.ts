/**
 * API keys: named tokens with a role and an optional expiry, created by an admin for scripts
 * and capture tools. They live in a JSON file in the config dir, written 0600. Lookups go by the
 * token's SHA-256 so no token is ever compared byte by byte.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SvcError } from '../errors.js';
import { requireRoom } from '../util/list-limit.js';
import { writeSecretFile } from '../util/secret-file.js';
import { isRole, type Login, type Role } from './login.js';
import { digest, randomToken } from './secrets.js';

/** One stored API key. */
export interface ApiKey {
  readonly name: string;
  readonly role: Role;
  readonly token: string;
  /** Unix seconds. */
  readonly created: number;
  /** Unix seconds; 0 = never expires. */
  readonly expires: number;
}

/** Longest name an API key may have. */
export const MAX_API_KEY_NAME = 128;

/** The API keys of one server, persisted in one file. */
export class ApiKeyStore {
  readonly #byName = new Map<string, ApiKey>();
  readonly #byDigest = new Map<string, ApiKey>();

  /** @param maxKeys keys the store holds at most (`httpd_max_api_keys`). */
  constructor(
    private readonly file: string,
    private readonly now: () => number = () => Date.now() / 1000,
    private readonly maxKeys = Number.POSITIVE_INFINITY,
  ) {
    if (!existsSync(file)) return;
    let stored: unknown;
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `${file} is not valid JSON (${(error as Error).message}); fix or remove it`);
    }
    if (!Array.isArray(stored)) throw new SvcError('SVC_ERR_CONFIG_VALUE', `${file} must hold a JSON list of API keys`);
    for (const item of stored as Partial<ApiKey>[]) {
      if (typeof item?.name !== 'string' || typeof item.token !== 'string' || !isRole(item.role)) {
        throw new SvcError('SVC_ERR_CONFIG_VALUE', `${file} holds an API key without a name, token or valid role`);
      }
      this.#index({ name: item.name, role: item.role, token: item.token, created: Number(item.created) || 0, expires: Number(item.expires) || 0 });
    }
  }

  /** Creates a key; `duration` seconds until it expires, 0 for never. Returns the token. */
  generate(name: string, role: Role, duration: number): ApiKey {
    if (!name.trim()) throw new SvcError('SVC_ERR_BAD_REQUEST', 'an API key needs a name');
    if (name.length > MAX_API_KEY_NAME) throw new SvcError('SVC_ERR_BAD_REQUEST', `an API key name is at most ${MAX_API_KEY_NAME} characters, not ${name.length}`);
    if (!Number.isFinite(duration) || duration < 0) {
      throw new SvcError('SVC_ERR_BAD_REQUEST', `duration must be a number of seconds >= 0 (0 = never expires), got ${duration}`);
    }
    if (this.#byName.has(name)) throw new SvcError('SVC_ERR_CONFLICT', `an API key named '${name}' already exists; revoke it first`);
    requireRoom({ what: 'API keys', key: 'httpd_max_api_keys', max: this.maxKeys }, this.#byName.size, 1);
    const created = Math.floor(this.now());
    const key: ApiKey = { name, role, token: randomToken(), created, expires: duration > 0 ? created + Math.ceil(duration) : 0 };
    this.#index(key);
    this.#save();
    return key;
  }

  /** Removes a key by name; 404 when there is none. */
  revoke(name: string): void {
    const key = this.#byName.get(name);
    if (!key) throw new SvcError('SVC_ERR_NOT_FOUND', `no API key named '${name}'`);
    this.#byName.delete(name);
    this.#byDigest.delete(digest(key.token).toString('hex'));
    this.#save();
  }

  /** Every key, expired ones included (their expiry shows why they fail). */
  list(): ApiKey[] {
    return [...this.#byName.values()];
  }

  /** The login a token grants, or undefined when it is unknown or expired. */
  verify(token: string): Login | undefined {
    const key = this.#byDigest.get(digest(token).toString('hex'));
    if (!key || (key.expires !== 0 && key.expires <= this.now())) return undefined;
    return { name: key.name, role: key.role, method: 'apikey' };
  }

  #index(key: ApiKey): void {
    this.#byName.set(key.name, key);
    this.#byDigest.set(digest(key.token).toString('hex'), key);
  }

  #save(): void {
    writeSecretFile(this.file, `${JSON.stringify(this.list(), null, 2)}\n`);
  }
}
