/**
 * The svcdb log's packet filter (Kismet's `kismetdb_packets` packet filter, here
 * `svcdb_packets`): a packet it blocks is not written to the log's `packets` (or `data`) table;
 * it is still tracked, alerted on and streamed. Rules are per PHY and per address block, tried
 * in Kismet's order: the packet's source (the frame's source address, else its sending device),
 * destination, network (the BSSID in 802.11), other (the transmitter), then `any` (any of those); the first block with a rule
 * for its address decides, else the default. Rules come from `log_packet_filter=` lines and
 * `/filters/packet/svcdb_packets/`.
 */
import { FILTER_ADDRESS_BLOCKS, type FilterAddressBlock } from '../../filters/address-blocks.js';
import { dataMap } from '../../fields/data-map.js';
import type { Packet } from '../../packets/packet.js';
import type { MacPrefix } from '../../util/mac-prefix.js';
import { MacRuleSet } from './mac-rule-set.js';

/** The filter's id in Kismet's routes, svc's spelling of `kismetdb_packets`. */
export const PACKET_LOG_FILTER_ID = 'svcdb_packets';


/** The svcdb log's packet filter. */
export class PacketLogFilter {
  readonly #blocks = new Map<FilterAddressBlock, MacRuleSet>(FILTER_ADDRESS_BLOCKS.map((block) => [block, new MacRuleSet()]));
  #blockByDefault = false;
  /** True when there is nothing to look up: no rule, default pass. */
  #passesEverything = true;

  /** Rules on every PHY and block. */
  get size(): number {
    let size = 0;
    for (const rules of this.#blocks.values()) size += rules.size;
    return size;
  }

  /** True when packets no rule names are blocked. */
  get blockByDefault(): boolean {
    return this.#blockByDefault;
  }

  set blockByDefault(block: boolean) {
    this.#blockByDefault = block;
    this.#changed();
  }

  /** Sets a rule on a block: `block` true keeps the packets out of the log. */
  set(phy: string, on: FilterAddressBlock, prefix: MacPrefix, block: boolean): void {
    this.#blocks.get(on)!.set(phy, prefix, block);
    this.#changed();
  }

  /** True when a block has a rule for exactly this range on a PHY. */
  has(phy: string, on: FilterAddressBlock, prefix: MacPrefix): boolean {
    return this.#blocks.get(on)!.has(phy, prefix);
  }

  /** Removes a rule; returns whether there was one. */
  remove(phy: string, on: FilterAddressBlock, prefix: MacPrefix): boolean {
    const removed = this.#blocks.get(on)!.remove(phy, prefix);
    this.#changed();
    return removed;
  }

  /** True when the packet is not to be logged. */
  blocks(packet: Packet): boolean {
    if (this.#passesEverything) return false;
    const phy = packet.phyName;
    if (phy === undefined) return this.#blockByDefault;
    const source = packet.sourceMac ?? packet.device?.mac;
    const addresses: Record<Exclude<FilterAddressBlock, 'any'>, number | undefined> = { source, destination: packet.destMac, network: packet.networkMac, other: packet.transmitterMac };
    for (const on of FILTER_ADDRESS_BLOCKS) {
      const rules = this.#blocks.get(on)!;
      if (rules.size === 0) continue;
      const candidates = on === 'any' ? Object.values(addresses) : [addresses[on]];
      for (const mac of candidates) {
        if (mac === undefined) continue;
        const rule = rules.lookup(phy, mac);
        if (rule !== undefined) return rule;
      }
    }
    return this.#blockByDefault;
  }

  /** The filter as Kismet's packet filter record. */
  record(): Record<string, unknown> {
    const byPhy = new Map<string, Record<string, Record<string, number>>>();
    for (const on of FILTER_ADDRESS_BLOCKS) {
      for (const [phy, rules] of this.#blocks.get(on)!.byPhy()) {
        let blocks = byPhy.get(phy);
        if (!blocks) {
          blocks = Object.fromEntries(FILTER_ADDRESS_BLOCKS.map((name) => [`svc.packetfilter.macaddr.${name}`, dataMap({})]));
          byPhy.set(phy, blocks);
        }
        Object.assign(blocks[`svc.packetfilter.macaddr.${on}`]!, Object.fromEntries(rules));
      }
    }
    return {
      'svc.packetfilter.id': PACKET_LOG_FILTER_ID,
      'svc.packetfilter.description': 'svcdb packet MAC filtering: packets it blocks are not written to the log',
      'svc.packetfilter.type': 'mac_addr',
      'svc.packetfilter.default': this.#blockByDefault ? 1 : 0,
      'svc.packetfilter.macaddr.blocks_by_phy': dataMap(Object.fromEntries(byPhy)),
    };
  }

  #changed(): void {
    this.#passesEverything = !this.#blockByDefault && [...this.#blocks.values()].every((rules) => rules.size === 0);
  }
}
