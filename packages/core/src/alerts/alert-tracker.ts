/**
 * Alerts: named conditions (defined by plugins at boot, by config, or at runtime through
 * `define_alert.cmd`) that are raised with a text and some MACs, throttled per definition,
 * kept in a backlog, posted to the message bus and published as `ALERT` events. Config can
 * change an alert's rates (`alert=NAME,rate,burst`) or turn it off (`disable_alert=NAME`, the
 * same as rates of 0); an alert raised while a GPS has a valid fix carries the position.
 */
import { SvcError } from '../errors.js';
import { nowSeconds } from '../time/timestamp.js';
import { normalizeMac } from '../util/mac.js';
import { formatRate, parseRate, RATE_UNITS, Throttle } from './rate.js';

/** Alert classes clients group alerts by. */
export const ALERT_CLASSES = ['SYSTEM', 'DENIAL', 'EXPLOIT', 'PROBE', 'SPOOF', 'OTHER'] as const;

/** Severities, as Kismet numbers them. */
export const ALERT_SEVERITIES = [0, 5, 10, 15, 20] as const;

/** What it takes to define an alert. */
export interface AlertDefinitionInput {
  readonly name: string;
  readonly description: string;
  /** Overall rate, `N/unit`. */
  readonly throttle: string;
  /** Burst rate, `N/unit`. */
  readonly burst: string;
  readonly class?: string;
  readonly severity?: number;
  /** PHY the alert belongs to; empty or `any` for all. */
  readonly phyName?: string;
}

/** What it takes to raise an alert. */
export interface RaiseAlertInput {
  readonly name: string;
  readonly text: string;
  readonly transmitterMac?: string;
  readonly sourceMac?: string;
  readonly destMac?: string;
  readonly otherMac?: string;
  readonly channel?: string;
  readonly deviceKey?: string;
  /** Severity of this alert when it differs from its definition's (Kismet raises SOURCEERROR as critical). */
  readonly severity?: number;
}

interface AlertDefinition {
  readonly header: string;
  readonly description: string;
  readonly alertClass: string;
  readonly severity: number;
  readonly phyName: string;
  readonly throttle: Throttle;
}

/** A raised alert as served to clients. */
export type AlertRecord = Record<string, string | number | Record<string, unknown>>;

const RATE_UNIT_NUMBERS = Object.keys(RATE_UNITS);

/** The rates that turn an alert off. */
const OFF = { throttle: '0/min', burst: '0/sec' };

const ZERO_MAC = '00:00:00:00:00:00';

/** Holds alert definitions and the backlog of raised alerts. */
export class AlertTracker {
  readonly #definitions = new Map<string, AlertDefinition>();
  readonly #backlog: AlertRecord[] = [];
  #nextHash = 1;

  constructor(
    private readonly options: {
      backlogSize: number;
      /** `alert=NAME,throttle,burst` config overrides, applied when NAME is defined. */
      rateOverrides: ReadonlyMap<string, { throttle: string; burst: string }>;
      /** `disable_alert=NAME` names: defined with rates of 0, so they are never raised. */
      disabled?: ReadonlySet<string>;
      /** Whether a PHY name is known (for `phyname`). */
      hasPhy: (name: string) => boolean;
      /** The PHY's number (Kismet's `phyid`), -1 when unknown. */
      phyId?: (name: string) => number;
      /** The current position as a location record, when a GPS has a valid fix. */
      location?: () => Record<string, unknown> | undefined;
      /** Called for each raised alert (message bus + ALERT event). */
      onRaised: (record: AlertRecord) => void;
    },
  ) {}

  /** Defines an alert; an existing name is a 409, a bad rate, class or severity a 400. */
  define(input: AlertDefinitionInput): AlertRecord {
    const header = input.name.trim().toUpperCase();
    if (!/^[A-Z0-9_]+$/.test(header)) {
      throw new SvcError('SVC_ERR_BAD_REQUEST', `alert name '${input.name}' must be letters, digits and '_'`);
    }
    if (this.#definitions.has(header)) throw new SvcError('SVC_ERR_CONFLICT', `alert '${header}' is already defined`);
    const override = this.options.disabled?.has(header) ? OFF : this.options.rateOverrides.get(header);
    const limit = parseRate(override?.throttle ?? input.throttle, 'throttle');
    const burst = parseRate(override?.burst ?? input.burst, 'burst');
    const alertClass = (input.class ?? 'OTHER').toUpperCase();
    if (!(ALERT_CLASSES as readonly string[]).includes(alertClass)) {
      throw new SvcError('SVC_ERR_BAD_REQUEST', `alert class '${input.class}' is not one of ${ALERT_CLASSES.join(', ')}`);
    }
    const severity = input.severity ?? 0;
    if (!(ALERT_SEVERITIES as readonly number[]).includes(severity)) {
      throw new SvcError('SVC_ERR_BAD_REQUEST', `severity ${severity} is not one of ${ALERT_SEVERITIES.join(', ')}`);
    }
    const phyName = input.phyName === undefined || input.phyName.toLowerCase() === 'any' ? '' : input.phyName;
    if (phyName && !this.options.hasPhy(phyName)) throw new SvcError('SVC_ERR_BAD_REQUEST', `no PHY named '${phyName}' is registered`);
    const definition: AlertDefinition = {
      header,
      description: input.description,
      alertClass,
      severity,
      phyName,
      throttle: new Throttle(limit, burst),
    };
    this.#definitions.set(header, definition);
    return this.#definitionRecord(definition);
  }

  /** True when an alert of that name is defined. */
  isDefined(name: string): boolean {
    return this.#definitions.has(name.trim().toUpperCase());
  }

  /** Names that `alert=` and `disable_alert=` lines set but no definition uses (typos, or alerts a client has yet to define). */
  unusedConfigNames(): string[] {
    const names = new Set([...this.options.rateOverrides.keys(), ...(this.options.disabled ?? [])]);
    return [...names].filter((name) => !this.#definitions.has(name));
  }

  /**
   * True when the alert is defined and would be let through now (not silenced by a rate of 0,
   * not throttled). Detectors on the packet path ask before they build an alert's text, as
   * Kismet's detectors call `potential_alert`.
   */
  mayRaise(name: string): boolean {
    return this.#definitions.get(name.trim().toUpperCase())?.throttle.wouldAllow(nowSeconds()) ?? false;
  }

  /** Raises an alert: 404 if undefined, 400 for a bad MAC or severity, 429 when throttled. */
  raise(input: RaiseAlertInput): AlertRecord {
    return this.#raise(input, true)!;
  }

  /**
   * Raises an alert unless it is throttled or silenced, which returns undefined instead of
   * throwing (the packet path raises often and must not pay for an exception each time); an
   * undefined alert or a bad MAC still throws as `raise` does.
   */
  tryRaise(input: RaiseAlertInput): AlertRecord | undefined {
    return this.#raise(input, false);
  }

  #raise(input: RaiseAlertInput, throwWhenThrottled: boolean): AlertRecord | undefined {
    const header = input.name.trim().toUpperCase();
    const definition = this.#definitions.get(header);
    if (!definition) throw new SvcError('SVC_ERR_NOT_FOUND', `no alert named '${input.name}' is defined`);
    const macs = {
      'svc.alert.transmitter_mac': macOrZero(input.transmitterMac, 'bssid'),
      'svc.alert.source_mac': macOrZero(input.sourceMac, 'source'),
      'svc.alert.dest_mac': macOrZero(input.destMac, 'dest'),
      'svc.alert.other_mac': macOrZero(input.otherMac, 'other'),
    };
    const severity = input.severity ?? definition.severity;
    if (!(ALERT_SEVERITIES as readonly number[]).includes(severity)) {
      throw new SvcError('SVC_ERR_BAD_REQUEST', `severity ${severity} is not one of ${ALERT_SEVERITIES.join(', ')}`);
    }
    const now = nowSeconds();
    if (!definition.throttle.tryAcquire(now)) {
      if (!throwWhenThrottled) return undefined;
      throw new SvcError('SVC_ERR_ALERT_THROTTLED', `alert '${header}' has reached its throttle (${formatRate(definition.throttle.limit)}, burst ${formatRate(definition.throttle.burst)}); not raised`);
    }
    const record: AlertRecord = {
      'svc.alert.hash': this.#nextHash++ >>> 0,
      'svc.alert.header': header,
      'svc.alert.class': definition.alertClass,
      'svc.alert.severity': severity,
      'svc.alert.phy_name': definition.phyName,
      'svc.alert.timestamp': Math.round(now * 1e6) / 1e6,
      'svc.alert.device_key': input.deviceKey ?? '',
      ...macs,
      'svc.alert.channel': input.channel ?? '',
      'svc.alert.text': input.text,
    };
    const location = this.options.location?.();
    if (location) record['svc.alert.location'] = location;
    this.#backlog.push(record);
    if (this.#backlog.length > this.options.backlogSize) this.#backlog.shift();
    this.options.onRaised(record);
    return record;
  }

  /** Every definition as a record. */
  /** How many alerts are defined. */
  get definitionCount(): number {
    return this.#definitions.size;
  }

  definitions(): AlertRecord[] {
    return [...this.#definitions.values()].map((definition) => this.#definitionRecord(definition));
  }

  /** The backlog, oldest first. */
  all(): AlertRecord[] {
    return [...this.#backlog];
  }

  /** Alerts raised after `since` (Unix seconds). */
  since(since: number): AlertRecord[] {
    return this.#backlog.filter((record) => (record['svc.alert.timestamp'] as number) > since);
  }

  /** One alert by its hash. */
  byHash(hash: number): AlertRecord | undefined {
    return this.#backlog.find((record) => record['svc.alert.hash'] === hash);
  }

  /** A definition in Kismet's shape (units as numbers: 0 sec, 1 min, 2 hour, 3 day; `phyid` -1 for any), plus the PHY's name. */
  #definitionRecord(definition: AlertDefinition): AlertRecord {
    const { throttle } = definition;
    return {
      'svc.alert.definition.header': definition.header,
      'svc.alert.definition.class': definition.alertClass,
      'svc.alert.definition.severity': definition.severity,
      'svc.alert.definition.description': definition.description,
      'svc.alert.definition.phyid': definition.phyName ? (this.options.phyId?.(definition.phyName) ?? -1) : -1,
      'svc.alert.definition.limit_unit': RATE_UNIT_NUMBERS.indexOf(throttle.limit.unit),
      'svc.alert.definition.limit_rate': throttle.limit.count,
      'svc.alert.definition.burst_unit': RATE_UNIT_NUMBERS.indexOf(throttle.burst.unit),
      'svc.alert.definition.limit_burst': throttle.burst.count,
      'svc.alert.definition.burst_sent': throttle.burstSent,
      'svc.alert.definition.total_sent': throttle.totalSent,
      'svc.alert.definition.time_last': throttle.lastSent,
      'svc.alert.definition.phy_name': definition.phyName,
    };
  }
}

/** Parses `disable_alert=NAME` values (a value may list several names, comma separated) into upper-case names. */
export function parseDisabledAlerts(values: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const value of values) {
    for (const name of value.split(',').map((part) => part.trim().toUpperCase())) {
      if (!/^[A-Z0-9_]+$/.test(name)) throw new SvcError('SVC_ERR_CONFIG_VALUE', `disable_alert=${value}: '${name}' is not an alert name (letters, digits and '_', such as disable_alert=DEAUTHFLOOD)`);
      names.add(name);
    }
  }
  return names;
}

/** Parses `alert=NAME,throttle,burst` config values into overrides, validating the rates. */
export function parseAlertOverrides(values: readonly string[]): Map<string, { throttle: string; burst: string }> {
  const overrides = new Map<string, { throttle: string; burst: string }>();
  for (const value of values) {
    const parts = value.split(',').map((part) => part.trim());
    if (parts.length !== 3 || !parts[0]) {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `alert=${value}: expected alert=NAME,throttle,burst such as alert=DEAUTHFLOOD,5/min,2/sec`);
    }
    const [name, throttle, burst] = parts as [string, string, string];
    parseRate(throttle, `alert=${name} throttle`);
    parseRate(burst, `alert=${name} burst`);
    overrides.set(name.toUpperCase(), { throttle, burst });
  }
  return overrides;
}

function macOrZero(value: string | undefined, what: string): string {
  if (value === undefined || value === '') return ZERO_MAC;
  const mac = normalizeMac(value);
  if (!mac) throw new SvcError('SVC_ERR_BAD_REQUEST', `${what} '${value}' is not a MAC address (AA:BB:CC:DD:EE:FF)`);
  return mac;
}

