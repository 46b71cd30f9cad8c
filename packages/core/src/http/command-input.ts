/**
 * Typed reads of command dictionary keys for route handlers: a missing required key or a value
 * of the wrong type is a 400 that names the key and the type wanted; unknown keys are ignored.
 */
import { SvcError } from '../errors.js';

type Command = Readonly<Record<string, unknown>>;

/** A required string key. */
export function requireString(command: Command, key: string): string {
  const value = command[key];
  if (typeof value !== 'string') {
    throw new SvcError(value === undefined ? 'SVC_ERR_MISSING_KEY' : 'SVC_ERR_BAD_REQUEST', `'${key}' is required and must be a string`);
  }
  return value;
}

/** An optional string key (numbers are accepted and turned into text). */
export function optionalString(command: Command, key: string): string | undefined {
  const value = command[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must be a string`);
}

/** An optional numeric key (numeric strings are accepted). */
export function optionalNumber(command: Command, key: string): number | undefined {
  const value = command[key];
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must be a number`);
  return number;
}
