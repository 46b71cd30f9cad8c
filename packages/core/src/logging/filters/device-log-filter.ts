/**
 * The svcdb log's device filter (Kismet's `kismetdb_devices` class filter, here
 * `svcdb_devices`): a device a rule blocks on its PHY, or any device when no rule names it and
 * the default is block, is not written to the log's `devices` table (nor its state snapshot),
 * so it is not restored from the log either. Tracking, alerts and the packets table are not
 * affected. Rules come from `log_device_filter=` lines and `/filters/class/svcdb_devices/`.
 */
import type { FieldDefinition } from '../../fields/field-registry.js';
import { dataMap } from '../../fields/data-map.js';
import type { MacPrefix } from '../../util/mac-prefix.js';
import { MacRuleSet } from './mac-rule-set.js';

/** The filter's id in Kismet's routes, svc's spelling of `kismetdb_devices`. */
export const DEVICE_LOG_FILTER_ID = 'svcdb_devices';

/** Fields of the device filter record. */
export const DEVICE_LOG_FILTER_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.classfilter.id', type: 'string', description: 'filter id in /filters/class/{id}/' },
  { name: 'svc.classfilter.description', type: 'string', description: 'what the filter is for' },
  { name: 'svc.classfilter.type', type: 'string', description: 'filter mechanism (mac_addr)' },
  { name: 'svc.classfilter.default', type: 'uint8_t', description: 'default for devices no rule names: 1 block, 0 pass' },
  { name: 'svc.classfilter.macaddr.address_by_phy', type: 'map[string,map[mac_addr,uint8_t]]', description: 'MAC rules by PHY name, then MAC (or MAC/mask): 1 block, 0 pass' },
];

/** The svcdb log's device filter. */
export class DeviceLogFilter {
  readonly #rules = new MacRuleSet();
  #blockByDefault = false;

  /** Rules on every PHY. */
  get size(): number {
    return this.#rules.size;
  }

  /** True when devices no rule names are blocked. */
  get blockByDefault(): boolean {
    return this.#blockByDefault;
  }

  set blockByDefault(block: boolean) {
    this.#blockByDefault = block;
  }

  /** Sets a rule: `block` true keeps the device out of the log, false lets it in whatever the default. */
  set(phy: string, prefix: MacPrefix, block: boolean): void {
    this.#rules.set(phy, prefix, block);
  }

  /** True when a PHY has a rule for exactly this range. */
  has(phy: string, prefix: MacPrefix): boolean {
    return this.#rules.has(phy, prefix);
  }

  /** Removes a rule; returns whether there was one. */
  remove(phy: string, prefix: MacPrefix): boolean {
    return this.#rules.remove(phy, prefix);
  }

  /** True when the device with this MAC on this PHY is not to be logged. */
  blocks(phy: string, mac: number): boolean {
    return this.#rules.lookup(phy, mac) ?? this.#blockByDefault;
  }

  /** The filter as Kismet's class filter record. */
  record(): Record<string, unknown> {
    return {
      'svc.classfilter.id': DEVICE_LOG_FILTER_ID,
      'svc.classfilter.description': 'svcdb device MAC filtering: devices it blocks are not written to the log',
      'svc.classfilter.type': 'mac_addr',
      'svc.classfilter.default': this.#blockByDefault ? 1 : 0,
      'svc.classfilter.macaddr.address_by_phy': dataMap(Object.fromEntries([...this.#rules.byPhy()].map(([phy, rules]) => [phy, dataMap(Object.fromEntries(rules))]))),
    };
  }
}
