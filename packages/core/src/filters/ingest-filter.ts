/**
 * The ingest filter: rules that keep devices out of the tracker, before anything about them is
 * recorded (Kismet's packet filter, applied at ingest). The device tracker asks it about a MAC
 * only when the MAC is not tracked yet: a device in the tracker has passed the rules in force,
 * because every change of the rules removes the tracked devices the new rules block. So the
 * filter costs nothing per packet of a known device, and one lookup per packet naming a blocked
 * or new MAC. A blocked MAC marks its packet filtered: the rest of the chain, the logs and the
 * exports skip it.
 *
 * The most specific rule decides: an exact MAC, then masks from the longest (an OUI is a /24),
 * then `randomized`, then `*`, then the default. At equal specificity a rule for the packet's
 * PHY beats a rule for every PHY. Rules are compiled per PHY into one prefix table each, so a
 * lookup is one hash probe per distinct mask length plus a bit test.
 *
 * Rules set through the API (and the default, once set through the API) are saved in a state
 * file in the config dir and restored at start; config lines add their rules on top.
 */
import { SvcError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Packet } from '../packets/packet.js';
import type { PhyState } from '../tracker/tracked-device.js';
import { MacPrefixTable } from '../util/mac-prefix.js';
import { configFirst, readJsonState, writeJsonState } from '../util/json-state.js';
import { requireRoom } from '../util/list-limit.js';
import {
  ANY_PHY,
  filterKey,
  FilterRule,
  formatFilterMatch,
  parseFilterAction,
  parseFilterMatch,
  type FilterAction,
  type FilterMatch,
} from './filter-rule.js';

/** First octet bit of a locally administered MAC. */
const LOCAL_BIT = 0x02;
const TWO_40 = 0x10000000000;

/** A PHY's rules, compiled for lookups. */
interface CompiledRules {
  readonly prefixes: MacPrefixTable<FilterRule>;
  readonly randomized: FilterRule | undefined;
  readonly everything: FilterRule | undefined;
}

/** What the filter needs besides its settings. */
export interface IngestFilterOptions {
  /** State file of API rules; undefined keeps nothing across restarts. */
  readonly stateFile?: string;
  readonly log: Logger;
  /** The default action from config (`ingest_filter_default`). */
  readonly defaultAction: FilterAction;
  /** Whether a PHY name is registered. */
  readonly hasPhy: (name: string) => boolean;
  /** Rules the API may add (`ingest_filter_max_rules`); unlimited when absent. */
  readonly maxRules?: number;
}

interface SavedState {
  default?: FilterAction;
  rules: { phy: string; match: string; action: FilterAction }[];
}

/** The rule table the tracker consults. */
export class IngestFilter {
  readonly #rules = new Map<string, FilterRule>();
  /** The default, as a rule without a match, so its drops are counted like any rule's. */
  readonly defaultRule: FilterRule;
  #defaultFromApi = false;
  #blocksSomething = false;
  /** Compiled rules by PHY id; rebuilt on every change. */
  #compiled: (CompiledRules | undefined)[] = [];
  /** Called after every change, so the tracker drops the devices the new rules block. */
  #onChange: (() => void) | undefined;

  constructor(private readonly options: IngestFilterOptions) {
    this.defaultRule = new FilterRule(ANY_PHY, { kind: 'any' }, options.defaultAction, 'config', 'ingest_filter_default');
    this.#restore();
    this.#changed(false);
  }

  /** True when no rule can block anything: the tracker then skips the filter altogether. */
  get passesEverything(): boolean {
    return !this.#blocksSomething;
  }

  /** The default action for MACs no rule matches. */
  get defaultAction(): FilterAction {
    return this.defaultRule.action;
  }

  /** Every rule, config rules first, then in the order they were added. */
  rules(): FilterRule[] {
    return configFirst([...this.#rules.values()]);
  }

  /** The rule with this PHY and match, if any. */
  find(phy: string, match: FilterMatch): FilterRule | undefined {
    return this.#rules.get(filterKey(phy, match));
  }

  /** Packets dropped by every rule and the default. */
  get droppedPackets(): number {
    return this.rules().reduce((sum, rule) => sum + rule.droppedPackets, this.defaultRule.droppedPackets);
  }

  /** Devices dropped by every rule and the default. */
  get droppedDevices(): number {
    return this.rules().reduce((sum, rule) => sum + rule.droppedDevices, this.defaultRule.droppedDevices);
  }

  /** Sets what to call after each change (the tracker's sweep of newly blocked devices). */
  onChange(callback: () => void): void {
    this.#onChange = callback;
  }

  /** Adds a config rule; a duplicate of another config line is an error naming both. */
  addConfigRule(phy: string, match: FilterMatch, action: FilterAction, where: string): void {
    this.#checkPhy(phy, 'SVC_ERR_CONFIG_VALUE', where);
    const existing = this.#rules.get(filterKey(phy, match));
    if (existing?.origin === 'config') throw new SvcError('SVC_ERR_CONFIG_VALUE', `${where}: the same rule is already set by ${existing.where}`);
    // A config line wins over a saved API rule for the same MAC: the file is what the user edits.
    this.#rules.delete(filterKey(phy, match));
    const rule = new FilterRule(phy, match, action, 'config', where);
    this.#rules.set(rule.key, rule);
    this.#changed(false);
  }

  /**
   * Adds rules through the API, or changes the action of API rules with the same PHY and
   * match. All or nothing: a rule a config line set is a 409, an unknown PHY or more API rules
   * than `ingest_filter_max_rules` a 400, and then nothing changes. Returns the rules as they now are.
   */
  add(rules: readonly { phy: string; match: FilterMatch; action: FilterAction }[]): FilterRule[] {
    const fresh = new Set<string>();
    for (const { phy, match } of rules) {
      this.#checkPhy(phy, 'SVC_ERR_BAD_REQUEST');
      const existing = this.#rules.get(filterKey(phy, match));
      if (existing?.origin === 'config') throw this.#configConflict(existing);
      if (!existing) fresh.add(filterKey(phy, match));
    }
    if (this.options.maxRules !== undefined) {
      const held = this.rules().filter((rule) => rule.origin === 'api').length;
      requireRoom({ what: 'ingest filter rules added through the API', key: 'ingest_filter_max_rules', max: this.options.maxRules }, held, fresh.size);
    }
    const added = rules.map(({ phy, match, action }) => {
      const key = filterKey(phy, match);
      const rule = this.#rules.get(key) ?? new FilterRule(phy, match, action, 'api');
      rule.action = action;
      this.#rules.set(key, rule);
      return rule;
    });
    this.#changed(true);
    return added;
  }

  /** Removes API rules. All or nothing: a rule not there is a 404, a config rule a 409. Returns the removed rules. */
  remove(rules: readonly { phy: string; match: FilterMatch }[]): FilterRule[] {
    const found = rules.map(({ phy, match }) => {
      const rule = this.#rules.get(filterKey(phy, match));
      if (!rule) throw new SvcError('SVC_ERR_NOT_FOUND', `no ingest filter rule for ${formatFilterMatch(match)} on ${phy === ANY_PHY ? 'every PHY' : phy}; /filters/ingest/filter.json lists them`);
      if (rule.origin === 'config') throw this.#configConflict(rule);
      return rule;
    });
    for (const rule of found) this.#rules.delete(rule.key);
    this.#changed(true);
    return found;
  }

  /** Sets the default action (saved, and it then wins over `ingest_filter_default`). */
  setDefault(action: FilterAction): void {
    this.defaultRule.action = action;
    this.#defaultFromApi = true;
    this.#changed(true);
  }

  /**
   * The rule that blocks `mac` on `phy`, or undefined when the MAC passes. The tracker calls
   * this for MACs it does not track yet.
   */
  blocking(phy: PhyState, mac: number): FilterRule | undefined {
    const rules = this.#compiled[phy.id] ?? this.#compile(phy);
    const rule =
      rules.prefixes.get(mac) ??
      (rules.randomized !== undefined && (Math.floor(mac / TWO_40) & LOCAL_BIT) !== 0 ? rules.randomized : undefined) ??
      rules.everything ??
      this.defaultRule;
    return rule.action === 'block' ? rule : undefined;
  }

  /**
   * Decides a packet's touch of `mac`: when a rule blocks it, the packet is marked filtered
   * and counted once, on that rule, and true is returned.
   */
  drops(packet: Packet, phy: PhyState, mac: number): boolean {
    const rule = this.blocking(phy, mac);
    if (rule === undefined) return false;
    packet.filtered = true;
    rule.countDrop(mac);
    return true;
  }

  #compile(phy: PhyState): CompiledRules {
    const prefixes = new MacPrefixTable<FilterRule>();
    let randomized: FilterRule | undefined;
    let everything: FilterRule | undefined;
    // Rules for every PHY first, so a rule for this PHY with the same match replaces them.
    const ordered = [...this.#rules.values()].filter((rule) => rule.phy === ANY_PHY || rule.phy === phy.name).sort((a, b) => Number(a.phy !== ANY_PHY) - Number(b.phy !== ANY_PHY));
    for (const rule of ordered) {
      const match = rule.match;
      if (match.kind === 'randomized') randomized = rule;
      else if (match.kind === 'any') everything = rule;
      else prefixes.set(match.prefix, rule);
    }
    const compiled = { prefixes, randomized, everything };
    this.#compiled[phy.id] = compiled;
    return compiled;
  }

  #changed(save: boolean): void {
    this.#compiled = [];
    this.#blocksSomething = this.defaultRule.action === 'block' || this.rules().some((rule) => rule.action === 'block');
    if (save) this.#save();
    this.#onChange?.();
  }

  #checkPhy(phy: string, code: 'SVC_ERR_BAD_REQUEST' | 'SVC_ERR_CONFIG_VALUE', where?: string): void {
    if (phy === ANY_PHY || this.options.hasPhy(phy)) return;
    throw new SvcError(code, `${where ? `${where}: ` : ''}no PHY named '${phy}'; use one /phy/all_phys.json lists, or 'any' for every PHY`);
  }

  #configConflict(rule: FilterRule): SvcError {
    return new SvcError('SVC_ERR_CONFLICT', `the rule for ${formatFilterMatch(rule.match)} on ${rule.phy === ANY_PHY ? 'every PHY' : rule.phy} is set by ${rule.where}; change it there`);
  }

  #save(): void {
    const file = this.options.stateFile;
    if (!file) return;
    const state: SavedState = {
      ...(this.#defaultFromApi ? { default: this.defaultRule.action } : {}),
      rules: this.rules()
        .filter((rule) => rule.origin === 'api')
        .map((rule) => ({ phy: rule.phy, match: formatFilterMatch(rule.match), action: rule.action })),
    };
    writeJsonState(file, state, this.options.log, 'ingest filter rules');
  }

  /** Restores saved API rules; a saved rule that no longer parses (or names a PHY gone) is dropped with a warning. */
  #restore(): void {
    const file = this.options.stateFile;
    if (!file) return;
    const saved = readJsonState(file, this.options.log, 'ingest filter rules') as Partial<SavedState> | undefined;
    if (!saved) return;
    if (saved.default !== undefined) {
      try {
        this.defaultRule.action = parseFilterAction(saved.default);
        this.#defaultFromApi = true;
        if (this.defaultRule.action !== this.options.defaultAction) {
          this.options.log.info(`ingest filter default '${this.defaultRule.action}' set through the API (${file}) overrides ingest_filter_default=${this.options.defaultAction}`);
        }
      } catch (error) {
        this.options.log.warn(`${file}: ignored the saved default: ${(error as Error).message}`);
      }
    }
    for (const entry of Array.isArray(saved.rules) ? saved.rules : []) {
      try {
        const rule = new FilterRule(String(entry.phy ?? ANY_PHY), parseFilterMatch(String(entry.match)), parseFilterAction(entry.action), 'api');
        this.#rules.set(rule.key, rule);
      } catch (error) {
        this.options.log.warn(`${file}: ignored a saved ingest filter rule ${JSON.stringify(entry)}: ${(error as Error).message}`);
      }
    }
  }

  /** Drops saved rules whose PHY is not registered (called once the PHYs are known). */
  checkSavedPhys(): void {
    for (const rule of this.rules()) {
      if (rule.phy === ANY_PHY || this.options.hasPhy(rule.phy)) continue;
      this.options.log.warn(`ingest filter rule ${formatFilterMatch(rule.match)} on ${rule.phy}: no PHY of that name is registered now; the rule is kept but matches nothing`);
    }
  }
}
