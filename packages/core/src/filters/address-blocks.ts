/**
 * Kismet's address blocks of a packet filter rule: which address of a packet the rule's MAC is
 * compared with, in the order a packet filter tries them (source, destination, network: the
 * BSSID in 802.11, other: the transmitter, then any of them). The ingest filter takes `any`
 * only; the svcdb log's packet filter takes them all.
 */
import { SvcError } from '../errors.js';

/** The blocks, in the order they are tried. */
export const FILTER_ADDRESS_BLOCKS = ['source', 'destination', 'network', 'other', 'any'] as const;

/** One address block. */
export type FilterAddressBlock = (typeof FILTER_ADDRESS_BLOCKS)[number];

/** Reads a block name; another word is a 400 listing them. */
export function parseFilterAddressBlock(text: string | undefined): FilterAddressBlock {
  const block = FILTER_ADDRESS_BLOCKS.find((name) => name === text);
  if (!block) throw new SvcError('SVC_ERR_BAD_REQUEST', `unknown address block '${text}': expected ${FILTER_ADDRESS_BLOCKS.join(', ')}`);
  return block;
}
