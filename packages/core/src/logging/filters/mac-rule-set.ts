/**
 * MAC rules per PHY, the table behind the svcdb log's device and packet filters (Kismet's
 * `class_filter_mac_addr` and `packet_filter_mac_addr`): for each PHY name, MACs or MAC/mask
 * ranges that are blocked (true) or passed (false). A lookup answers the rule of the most
 * specific range a MAC falls under on its PHY, or undefined when none does.
 */
import { formatMacPrefix, MacPrefixTable, macPrefixKey, type MacPrefix } from '../../util/mac-prefix.js';

/** One rule: a MAC range and whether it is blocked. */
export interface MacRule {
  readonly prefix: MacPrefix;
  readonly block: boolean;
}

interface PhyRules {
  readonly table: MacPrefixTable<boolean>;
  readonly rules: Map<string, MacRule>;
}

/** MAC rules by PHY name. */
export class MacRuleSet {
  readonly #phys = new Map<string, PhyRules>();

  /** Number of rules on every PHY. */
  get size(): number {
    let size = 0;
    for (const phy of this.#phys.values()) size += phy.rules.size;
    return size;
  }

  /** Sets the rule for a range on a PHY, replacing one for the same range. */
  set(phy: string, prefix: MacPrefix, block: boolean): void {
    let rules = this.#phys.get(phy);
    if (!rules) {
      rules = { table: new MacPrefixTable<boolean>(), rules: new Map() };
      this.#phys.set(phy, rules);
    }
    rules.table.set(prefix, block);
    rules.rules.set(macPrefixKey(prefix), { prefix, block });
  }

  /** True when a PHY has a rule for exactly this range. */
  has(phy: string, prefix: MacPrefix): boolean {
    return this.#phys.get(phy)?.rules.has(macPrefixKey(prefix)) ?? false;
  }

  /** Removes the rule for a range on a PHY; returns whether there was one. */
  remove(phy: string, prefix: MacPrefix): boolean {
    const rules = this.#phys.get(phy);
    if (!rules?.rules.delete(macPrefixKey(prefix))) return false;
    rules.table.delete(prefix);
    if (rules.rules.size === 0) this.#phys.delete(phy);
    return true;
  }

  /** Whether the most specific rule `mac` falls under on `phy` blocks it; undefined when none applies. */
  lookup(phy: string, mac: number): boolean | undefined {
    return this.#phys.get(phy)?.table.get(mac);
  }

  /** The rules as Kismet's records show them: PHY name, then MAC (or MAC/mask) to 1 (block) or 0 (pass). */
  byPhy(): Map<string, Map<string, number>> {
    return new Map([...this.#phys].map(([phy, rules]) => [phy, new Map([...rules.rules.values()].map((rule) => [formatMacPrefix(rule.prefix), rule.block ? 1 : 0]))]));
  }
}
