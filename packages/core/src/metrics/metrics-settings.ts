/** The metrics' setting from config: how often the packet chain is timed. */
import type { Config } from '../config/config.js';

/** `metrics_chain_sampling`: one packet in this many is timed through the chain; 0 times none. */
export function readChainSampling(config: Config): number {
  return config.getNumber('metrics_chain_sampling', 128, { min: 0, integer: true });
}
