/**
 * The fields of the ingest filter's records: svc's own (`svc.ingestfilter.*`) and Kismet's packet
 * filter record (`svc.packetfilter.*`), which serves the same table to tools written for Kismet.
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import { FILTER_ADDRESS_BLOCKS } from './address-blocks.js';

/** Fields of the filter and rule records. */
export const FILTER_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.ingestfilter.default', type: 'string', description: 'what happens to MACs no rule matches: pass or block' },
  { name: 'svc.ingestfilter.dropped_packets', type: 'uint64_t', description: 'packets dropped by every rule and the default since start' },
  { name: 'svc.ingestfilter.dropped_devices', type: 'uint64_t', description: 'distinct MACs dropped by every rule and the default since start' },
  { name: 'svc.ingestfilter.default_dropped_packets', type: 'uint64_t', description: 'packets the default dropped' },
  { name: 'svc.ingestfilter.default_dropped_devices', type: 'uint64_t', description: 'distinct MACs the default dropped' },
  { name: 'svc.ingestfilter.rules', type: 'vector[object]', description: 'the rules, config rules first' },
  { name: 'svc.ingestfilter.rule.phy', type: 'string', description: 'PHY the rule applies to, any for every PHY' },
  { name: 'svc.ingestfilter.rule.kind', type: 'string', description: 'mac, mask, oui, randomized (locally administered MACs) or any (every MAC)' },
  { name: 'svc.ingestfilter.rule.match', type: 'string', description: 'what the rule matches: a MAC, MAC/MASK, OUI, randomized or *' },
  { name: 'svc.ingestfilter.rule.action', type: 'string', description: 'pass or block' },
  { name: 'svc.ingestfilter.rule.origin', type: 'string', description: 'config (an ingest_filter= line) or api (kept across restarts)' },
  { name: 'svc.ingestfilter.rule.dropped_packets', type: 'uint64_t', description: 'packets the rule dropped since start' },
  { name: 'svc.ingestfilter.rule.dropped_devices', type: 'uint64_t', description: 'distinct MACs the rule dropped since start (tracked devices a new rule removed included)' },
  { name: 'svc.ingestfilter.rule.dropped_devices_exact', type: 'uint8_t', description: '0 once the rule dropped more MACs than it remembers (1,000,000): the count is then a lower bound' },
  { name: 'svc.packetfilter.id', type: 'string', description: 'filter id in /filters/packet/{id}/' },
  { name: 'svc.packetfilter.description', type: 'string', description: 'what the filter is for' },
  { name: 'svc.packetfilter.type', type: 'string', description: 'filter mechanism (mac_addr)' },
  { name: 'svc.packetfilter.default', type: 'uint8_t', description: 'default for unmatched packets: 1 block, 0 pass' },
  { name: 'svc.packetfilter.macaddr.blocks_by_phy', type: 'map[string,object]', description: 'MAC rules by PHY name, then by address block (the ingest filter fills any), then MAC: 1 block, 0 pass' },
  ...FILTER_ADDRESS_BLOCKS.map((block): FieldDefinition => ({ name: `svc.packetfilter.macaddr.${block}`, type: 'map[mac_addr,uint8_t]', description: `rules on the ${block} address` })),
];
