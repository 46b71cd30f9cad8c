/**
 * The merged configuration: every file's entries plus command-line overrides, with typed
 * getters that fall back to the embedded defaults and report bad values with their origin.
 */
import { SvcError } from '../errors.js';
import type { ConfEntry } from './conf-parser.js';
import { CORE_CONFIG_KEYS } from './config-keys.js';

/** A configured value and where it was set. */
export interface ConfigValue {
  readonly value: string;
  /** `file:line`, or `command line`. */
  readonly origin: string;
}

/** Read access to the configuration, with defaults and origins. */
export class Config {
  readonly #values = new Map<string, ConfigValue[]>();

  constructor(
    /** Directory for state svc writes (credentials, API keys, server uuid). */
    readonly configDir: string,
  ) {}

  /** Appends values of a key (repeated keys form lists). */
  append(key: string, value: ConfigValue): void {
    const list = this.#values.get(key);
    if (list) list.push(value);
    else this.#values.set(key, [value]);
  }

  /** Replaces every value of a key (override files and command-line flags). */
  replace(key: string, values: ConfigValue[]): void {
    this.#values.set(key, values);
  }

  /** Appends parsed file entries. */
  appendEntries(entries: readonly ConfEntry[]): void {
    for (const entry of entries) this.append(entry.key, { value: entry.value, origin: `${entry.file}:${entry.line}` });
  }

  /** The last value set for a key, else its default, else undefined. */
  get(key: string): string | undefined {
    const list = this.#values.get(key);
    return list?.length ? list[list.length - 1]!.value : CORE_CONFIG_KEYS[key]?.default;
  }

  /** Every value set for a key, in file order (for list keys such as `source`). */
  getAll(key: string): string[] {
    return (this.#values.get(key) ?? []).map((entry) => entry.value);
  }

  /** Every value set for a key with where it was set, in file order (startup errors name the line). */
  values(key: string): readonly ConfigValue[] {
    return this.#values.get(key) ?? [];
  }

  /** True when a file or flag set the key. */
  has(key: string): boolean {
    return (this.#values.get(key)?.length ?? 0) > 0;
  }

  /** Where the effective value of a key was set. */
  origin(key: string): string {
    const list = this.#values.get(key);
    return list?.length ? list[list.length - 1]!.origin : 'default';
  }

  /** A boolean key: true/false, yes/no, on/off, 1/0. */
  getBoolean(key: string, fallback = false): boolean {
    const raw = this.get(key);
    if (raw === undefined || raw === '') return fallback;
    const lower = raw.toLowerCase();
    if (['true', 'yes', 'on', '1'].includes(lower)) return true;
    if (['false', 'no', 'off', '0'].includes(lower)) return false;
    throw this.#badValue(key, 'true or false');
  }

  /** A numeric key, optionally bounded. */
  getNumber(key: string, fallback: number, bounds: { min?: number; max?: number; integer?: boolean } = {}): number {
    const raw = this.get(key);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    const ok =
      Number.isFinite(value) &&
      (!bounds.integer || Number.isInteger(value)) &&
      (bounds.min === undefined || value >= bounds.min) &&
      (bounds.max === undefined || value <= bounds.max);
    if (!ok) {
      const range = `${bounds.integer ? 'an integer' : 'a number'}${bounds.min !== undefined ? ` >= ${bounds.min}` : ''}${bounds.max !== undefined ? ` <= ${bounds.max}` : ''}`;
      throw this.#badValue(key, range);
    }
    return value;
  }

  /** Keys set in files or flags that neither the core nor a plugin declared. */
  unknownKeys(known: ReadonlySet<string>): { key: string; origin: string }[] {
    const unknown: { key: string; origin: string }[] = [];
    for (const [key, list] of this.#values) {
      if (!known.has(key)) for (const entry of list) unknown.push({ key, origin: entry.origin });
    }
    return unknown;
  }

  #badValue(key: string, expected: string): SvcError {
    return new SvcError('SVC_ERR_CONFIG_VALUE', `${this.origin(key)}: ${key} must be ${expected}`);
  }
}
