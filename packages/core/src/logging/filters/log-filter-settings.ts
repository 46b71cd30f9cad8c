/**
 * The svcdb log's filters from config (Kismet's `kis_log_device_filter` and
 * `kis_log_packet_filter` keys, without the `kis_`): the defaults, and one rule per
 * `log_device_filter=PHY,MAC,ACTION` and `log_packet_filter=PHY,BLOCK,MAC,ACTION` line. A bad
 * line is a startup error naming where it was written. A PHY name is taken as written (a
 * plugin's PHY may be registered later); one no plugin registers matches nothing.
 */
import type { Config } from '../../config/config.js';
import { configLines, configValue } from '../../config/config-value.js';
import { SvcError } from '../../errors.js';
import { parseFilterAddressBlock } from '../../filters/address-blocks.js';
import { parseFilterAction } from '../../filters/filter-rule.js';
import { parseMacPrefix } from '../../util/mac-prefix.js';
import { DeviceLogFilter } from './device-log-filter.js';
import { PacketLogFilter } from './packet-log-filter.js';

/** The svcdb log's two filters. */
export interface LogFilters {
  readonly devices: DeviceLogFilter;
  readonly packets: PacketLogFilter;
  /** Rules each filter takes through the API (`log_filter_max_rules`). */
  readonly maxRules: number;
}

/** Makes the filters the config describes. */
export function readLogFilters(config: Config): LogFilters {
  const devices = new DeviceLogFilter();
  const packets = new PacketLogFilter();
  devices.blockByDefault = configValue(config, 'log_device_filter_default', (value) => parseFilterAction(value, 'log_device_filter_default')) === 'block';
  packets.blockByDefault = configValue(config, 'log_packet_filter_default', (value) => parseFilterAction(value, 'log_packet_filter_default')) === 'block';
  const deviceRules = configLines(config, 'log_device_filter', (value) => {
    const [phy, mac, action] = fields(value, 'log_device_filter', 'PHY,MAC,ACTION');
    return { phy: phy!, prefix: parseMacPrefix(mac!, 'log_device_filter MAC'), block: parseFilterAction(action, 'log_device_filter action') === 'block' };
  });
  for (const rule of deviceRules) devices.set(rule.phy, rule.prefix, rule.block);
  const packetRules = configLines(config, 'log_packet_filter', (value) => {
    const [phy, on, mac, action] = fields(value, 'log_packet_filter', 'PHY,BLOCK,MAC,ACTION');
    return { phy: phy!, on: parseFilterAddressBlock(on), prefix: parseMacPrefix(mac!, 'log_packet_filter MAC'), block: parseFilterAction(action, 'log_packet_filter action') === 'block' };
  });
  for (const rule of packetRules) packets.set(rule.phy, rule.on, rule.prefix, rule.block);
  return { devices, packets, maxRules: config.getNumber('log_filter_max_rules', 10_000, { min: 1, integer: true }) };
}

/** The comma-separated fields of a rule line, as many as `shape` names, none empty. */
function fields(value: string, key: string, shape: string): string[] {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length !== shape.split(',').length || parts.some((part) => part === '')) throw new SvcError('SVC_ERR_CONFIG_VALUE', `${key}=${value}: expected ${key}=${shape}`);
  return parts;
}
