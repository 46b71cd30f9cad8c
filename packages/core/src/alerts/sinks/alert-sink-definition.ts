/**
 * `alert_sink=` lines: `<type>:option=value,...`, the syntax of source and `gps=` definitions
 * (double quotes protect commas). Besides its type's own options every sink takes the generic
 * ones below: which alerts it wants (`headers`, `severity`) and how hard it tries (`retries`,
 * `retry_delay`, `timeout`, `queue`). Everything wrong is an `SVC_ERR_BAD_ALERT_SINK` saying
 * what the option takes; the line itself is never quoted whole, since it may hold a secret.
 */
import { parseDefinition } from '../../datasources/definition.js';
import { SvcError } from '../../errors.js';
import { ALERT_SEVERITIES } from '../alert-tracker.js';
import type { AlertSinkDefinition } from './alert-sink-type.js';

/** Which alerts a sink delivers. */
export interface AlertSinkFilter {
  /** Alert headers (names) delivered; empty for every alert. */
  readonly headers: ReadonlySet<string>;
  /** Lowest severity delivered (0 info, 5 low, 10 medium, 15 high, 20 critical). */
  readonly minSeverity: number;
}

/** How a sink tries to deliver. */
export interface AlertSinkPolicy {
  /** Attempts after the first one failed. */
  readonly retries: number;
  /** Seconds before the first retry; doubles per retry, capped at {@link MAX_RETRY_DELAY}. */
  readonly retryDelay: number;
  /** Seconds one attempt may take. */
  readonly timeout: number;
  /** Alerts waiting for delivery at most; past it the oldest is dropped (and counted). */
  readonly queueMax: number;
}

/** A parsed line: what the type gets, and what the manager keeps. */
export interface ParsedAlertSink {
  readonly definition: AlertSinkDefinition;
  readonly filter: AlertSinkFilter;
  readonly policy: AlertSinkPolicy;
}

/** Longest wait between two attempts, seconds. */
export const MAX_RETRY_DELAY = 60;

/** Severity names, as Kismet names its levels. */
export const SEVERITY_NAMES: Readonly<Record<string, number>> = { info: 0, low: 5, medium: 10, high: 15, critical: 20 };

/** The options every sink takes, with what they mean (listed in `/alerts/sink_types.json`). */
export const GENERIC_SINK_OPTIONS: Readonly<Record<string, string>> = {
  name: 'name of the sink in status and messages (default: the type, numbered when used twice)',
  headers: 'alert names delivered, comma separated in double quotes ("DEAUTHFLOOD,APSPOOF"); default every alert',
  severity: 'lowest severity delivered: info, low, medium, high, critical or 0, 5, 10, 15, 20 (default info: all)',
  retries: 'attempts after a failed one, 0 to 20 (default 3)',
  retry_delay: 'seconds before the first retry, doubling per retry up to 60 (default 1)',
  timeout: 'seconds one attempt may take (default 10)',
  queue: 'alerts waiting for delivery at most; past it the oldest is dropped and counted (default 1000)',
};

const bad = (name: string, problem: string) => new SvcError('SVC_ERR_BAD_ALERT_SINK', `alert_sink ${name}: ${problem}`);

/**
 * Parses one `alert_sink=` line against the type's own options; `taken` holds the names
 * already used so a default name stays unique.
 */
export function parseAlertSinkLine(line: string, typeOptions: (type: string) => Readonly<Record<string, string>> | undefined, taken: ReadonlySet<string> = new Set()): ParsedAlertSink {
  let parsed;
  try {
    parsed = parseDefinition(line, { noun: 'alert_sink', code: 'SVC_ERR_BAD_ALERT_SINK' });
  } catch (error) {
    // parseDefinition quotes the line, which may hold a secret: say what is wrong without it.
    throw new SvcError('SVC_ERR_BAD_ALERT_SINK', (error as Error).message.replace(/^bad alert_sink definition '.*?': /s, 'bad alert_sink line: '));
  }
  const type = parsed.interface.toLowerCase();
  if (!/^[a-z0-9_-]+$/.test(type)) throw new SvcError('SVC_ERR_BAD_ALERT_SINK', `bad alert_sink line: '${parsed.interface}' is not a sink type name (write type:option=value,...)`);
  const own = typeOptions(type);
  if (!own) throw new SvcError('SVC_ERR_BAD_ALERT_SINK', `alert_sink: no sink type '${type}'`);
  const options = new Map(parsed.options);
  const take = (option: string) => {
    const value = options.get(option);
    options.delete(option);
    return value;
  };

  const given = take('name');
  if (given !== undefined && !/^[A-Za-z0-9_.-]{1,64}$/.test(given)) throw bad(given, "name may use letters, digits, '_', '.' and '-' (at most 64)");
  if (given !== undefined && taken.has(given)) throw bad(given, 'another alert_sink line has this name');
  let name = given ?? type;
  for (let index = 2; taken.has(name); index++) name = `${type}-${index}`;

  const filter: AlertSinkFilter = { headers: parseHeaders(name, take('headers')), minSeverity: parseSeverity(name, take('severity')) };
  const policy: AlertSinkPolicy = {
    retries: numberOption(name, 'retries', take('retries'), 3, { min: 0, max: 20, integer: true }),
    retryDelay: numberOption(name, 'retry_delay', take('retry_delay'), 1, { min: 0.01, max: MAX_RETRY_DELAY }),
    timeout: numberOption(name, 'timeout', take('timeout'), 10, { min: 0.1, max: 600 }),
    queueMax: numberOption(name, 'queue', take('queue'), 1000, { min: 1, max: 1_000_000, integer: true }),
  };
  for (const option of options.keys()) {
    if (!(option in own)) {
      const known = [...Object.keys(own), ...Object.keys(GENERIC_SINK_OPTIONS)].join(', ');
      throw bad(name, `the ${type} type has no option '${option}' (it takes ${known})`);
    }
  }
  return { definition: { line: parsed.line, type, name, options }, filter, policy };
}

/** Whether a filter lets an alert through. */
export function sinkWants(filter: AlertSinkFilter, header: string, severity: number): boolean {
  return severity >= filter.minSeverity && (filter.headers.size === 0 || filter.headers.has(header));
}

function parseHeaders(name: string, value: string | undefined): Set<string> {
  if (value === undefined || value.trim() === '*') return new Set();
  const headers = value.split(',').map((header) => header.trim().toUpperCase()).filter((header) => header !== '');
  for (const header of headers) if (!/^[A-Z0-9_]+$/.test(header)) throw bad(name, `headers: '${header}' is not an alert name (letters, digits and '_')`);
  if (headers.length === 0) throw bad(name, 'headers names no alert (leave it out to deliver every alert)');
  return new Set(headers);
}

function parseSeverity(name: string, value: string | undefined): number {
  if (value === undefined) return 0;
  const named = SEVERITY_NAMES[value.toLowerCase()];
  if (named !== undefined) return named;
  const number = Number(value);
  if (value.trim() !== '' && (ALERT_SEVERITIES as readonly number[]).includes(number)) return number;
  throw bad(name, `severity '${value}' is not one of ${Object.keys(SEVERITY_NAMES).join(', ')} or ${ALERT_SEVERITIES.join(', ')}`);
}

/** A numeric option in bounds, or a clear error. */
export function numberOption(name: string, option: string, value: string | undefined, fallback: number, bounds: { min: number; max: number; integer?: boolean }): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < bounds.min || number > bounds.max || (bounds.integer && !Number.isInteger(number))) {
    throw bad(name, `${option} must be ${bounds.integer ? 'an integer' : 'a number'} from ${bounds.min} to ${bounds.max}, got '${value}'`);
  }
  return number;
}

/** The error a type throws for one of its options, in the same words as the generic ones. */
export function badSinkOption(definition: AlertSinkDefinition, problem: string): SvcError {
  return bad(definition.name, problem);
}
