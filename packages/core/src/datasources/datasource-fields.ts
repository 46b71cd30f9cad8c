/**
 * The datasource record (kismet-reference 1.3), the type record (1.4) and the interface record
 * (1.6) as served, with their field registrations.
 */
import { SvcError } from '../errors.js';
import { dataMap } from '../fields/data-map.js';
import type { FieldDefinition } from '../fields/field-registry.js';
import type { Datasource } from './datasource.js';
import type { DatasourceTypeDefinition, ProbedInterface, SourceDetails } from './datasource-type.js';

const f = (name: string, type: FieldDefinition['type'], description: string): FieldDefinition => ({ name, type, description });

/** Fields of datasource, type and interface records. */
export const DATASOURCE_FIELDS: readonly FieldDefinition[] = [
  f('svc.datasource.source_number', 'uint64_t', 'sequential source number, stable while the server runs'),
  f('svc.datasource.source_key', 'uint32_t', 'checksum of the UUID'),
  f('svc.datasource.paused', 'uint8_t', '1 while paused: packets are discarded'),
  f('svc.datasource.running', 'uint8_t', '1 while open (paused included)'),
  f('svc.datasource.datasource_version', 'string', 'version reported by the capture'),
  f('svc.datasource.remote_ip', 'string', 'address of the remote capture tool'),
  f('svc.datasource.remote', 'uint8_t', '1 for a remote capture source'),
  f('svc.datasource.passive', 'uint8_t', '1 for a passive source'),
  f('svc.datasource.name', 'string', 'name= option, else the interface'),
  f('svc.datasource.uuid', 'uuid', 'source UUID'),
  f('svc.datasource.definition', 'string', 'the definition line'),
  f('svc.datasource.interface', 'string', 'text before the first ":" of the definition'),
  f('svc.datasource.capture_interface', 'string', 'interface actually capturing'),
  f('svc.datasource.hardware', 'string', 'chipset or driver'),
  f('svc.datasource.dlt', 'uint32_t', 'pcap link type'),
  f('svc.datasource.warning', 'string', 'something the user should know'),
  f('svc.datasource.channels', 'vector[string]', 'channels the source supports'),
  f('svc.datasource.hopping', 'uint8_t', '1 while hopping'),
  f('svc.datasource.channel', 'string', 'current or locked channel'),
  f('svc.datasource.hop_rate', 'double', 'hops per second'),
  f('svc.datasource.hop_channels', 'vector[string]', 'hop list'),
  f('svc.datasource.hop_split', 'uint8_t', '1 when sources of one type split the hop list'),
  f('svc.datasource.hop_offset', 'uint32_t', 'where this source starts in a shared hop list'),
  f('svc.datasource.hop_shuffle', 'uint8_t', '1 when the hop list is shuffled'),
  f('svc.datasource.error', 'uint8_t', '1 when the source failed'),
  f('svc.datasource.error_reason', 'string', 'why it failed or was closed'),
  f('svc.datasource.error_kind', 'string', "permanent (not retried: fix the definition), transient (retried per the retry policy), empty without an error"),
  f('svc.datasource.disabled', 'uint8_t', '1 after disable_source: closed until opened again or replaced by add_source'),
  f('svc.datasource.num_packets', 'uint64_t', 'packets received and processed'),
  f('svc.datasource.num_error_packets', 'uint64_t', 'packets judged malformed'),
  f('svc.datasource.packets_rrd', 'object', 'packets per second/minute/hour (rrd record)'),
  f('svc.datasource.packets_datasize_rrd', 'object', 'bytes per second/minute/hour (rrd record)'),
  f('svc.datasource.retry', 'uint8_t', '1 when the source re-opens after an error'),
  f('svc.datasource.retry_attempts', 'uint32_t', 're-open attempts since the last success'),
  f('svc.datasource.total_retry_attempts', 'uint32_t', 're-open attempts in total'),
  f('svc.datasource.info.antenna_type', 'string', 'antenna type (info_antenna_type)'),
  f('svc.datasource.info.antenna_gain', 'double', 'antenna gain in dB (info_antenna_gain)'),
  f('svc.datasource.info.antenna_orientation', 'double', 'antenna orientation in degrees'),
  f('svc.datasource.info.antenna_beamwidth', 'double', 'antenna beam width in degrees'),
  f('svc.datasource.info.amp_type', 'string', 'amplifier type (info_amp_type)'),
  f('svc.datasource.info.amp_gain', 'double', 'amplifier gain in dB (info_amp_gain)'),
  f('svc.datasource.type_driver', 'object', 'the source type record'),
  f('svc.datasource.driver.type', 'string', 'type name used in type='),
  f('svc.datasource.driver.description', 'string', 'what the type captures'),
  f('svc.datasource.driver.probe_capable', 'uint8_t', 'recognises definitions without type='),
  f('svc.datasource.driver.list_capable', 'uint8_t', 'lists interfaces'),
  f('svc.datasource.driver.local_capable', 'uint8_t', 'captures on this host'),
  f('svc.datasource.driver.remote_capable', 'uint8_t', 'accepts remote capture tools'),
  f('svc.datasource.driver.passive_capable', 'uint8_t', 'receives data without being opened'),
  f('svc.datasource.driver.tuning_capable', 'uint8_t', 'can be tuned to a channel'),
  f('svc.datasource.driver.hop_capable', 'uint8_t', 'can hop channels'),
  f('svc.datasource.driver.options', 'map[string,string]', "the type's own definition options, each with what it takes"),
  f('svc.datasource.probed.interface', 'string', 'interface to put in a definition'),
  f('svc.datasource.probed.capture_interface', 'string', 'interface that would capture'),
  f('svc.datasource.probed.options_vec', 'vector[string]', 'definition options for the interface'),
  f('svc.datasource.probed.in_use_uuid', 'uuid', 'source using the interface, zero UUID if none'),
  f('svc.datasource.probed.hardware', 'string', 'chipset or driver'),
  f('svc.datasource.probed.datasource_version', 'string', 'version of the capture tool'),
];

const flag = (value: boolean) => (value ? 1 : 0);

const DETAIL_PREFIX = 'svc.datasource.';
const RECORD_FIELDS = new Set(DATASOURCE_FIELDS.map((field) => field.name));

/**
 * Merges what a capture reported about its hardware into its source (`OpenContext.details`);
 * throws, naming the field, for a name outside `svc.datasource.` or one the record already has.
 */
export function mergeSourceDetails(source: Datasource, update: SourceDetails): void {
  for (const name of Object.keys(update)) {
    if (!name.startsWith(DETAIL_PREFIX) || name.length === DETAIL_PREFIX.length || RECORD_FIELDS.has(name)) {
      throw new SvcError('SVC_ERR_FIELD_NAME', `datasource ${source.name}: detail '${name}' must be a field of its own under '${DETAIL_PREFIX}' (the record's own fields are the server's)`);
    }
  }
  Object.assign(source.details, update);
}

/** A type as `/datasource/types.json` lists it. */
export function datasourceTypeRecord(type: DatasourceTypeDefinition): Record<string, unknown> {
  const c = type.capabilities;
  return {
    'svc.datasource.driver.type': type.name,
    'svc.datasource.driver.description': type.description,
    'svc.datasource.driver.probe_capable': flag(c.probe),
    'svc.datasource.driver.list_capable': flag(c.list),
    'svc.datasource.driver.local_capable': flag(c.local),
    'svc.datasource.driver.remote_capable': flag(c.remote),
    'svc.datasource.driver.passive_capable': flag(c.passive),
    'svc.datasource.driver.tuning_capable': flag(c.tune),
    'svc.datasource.driver.hop_capable': flag(c.hop),
    'svc.datasource.driver.options': dataMap({ ...type.options }),
  };
}

/** A datasource record as served. */
export function datasourceRecord(source: Datasource, now: number): Record<string, unknown> {
  const { info } = source.options;
  const record: Record<string, unknown> = {
    'svc.datasource.source_number': source.number,
    'svc.datasource.source_key': source.key,
    'svc.datasource.paused': flag(source.state === 'paused'),
    'svc.datasource.running': flag(source.running),
    'svc.datasource.datasource_version': source.info.version ?? '',
    'svc.datasource.remote_ip': source.remoteIp,
    'svc.datasource.remote': flag(source.remote),
    'svc.datasource.passive': flag(source.type.capabilities.passive),
    'svc.datasource.name': source.name,
    'svc.datasource.uuid': source.uuid,
    'svc.datasource.definition': source.definition.line,
    'svc.datasource.interface': source.definition.interface,
    'svc.datasource.capture_interface': source.info.captureInterface ?? source.definition.interface,
    'svc.datasource.hardware': source.info.hardware ?? '',
    'svc.datasource.dlt': source.info.dlt ?? 0,
    'svc.datasource.warning': source.info.warning ?? '',
    'svc.datasource.channels': [...source.channels],
    'svc.datasource.hopping': flag(source.hopping),
    'svc.datasource.channel': source.channel,
    'svc.datasource.hop_rate': source.hopRate,
    'svc.datasource.hop_channels': [...source.hopChannels],
    'svc.datasource.hop_split': flag(source.hopSplit),
    'svc.datasource.hop_offset': source.hopOffset,
    'svc.datasource.hop_shuffle': flag(source.hopShuffle),
    'svc.datasource.error': flag(source.state === 'error'),
    'svc.datasource.error_reason': source.errorReason,
    'svc.datasource.error_kind': source.state === 'error' ? source.errorKind : '',
    'svc.datasource.disabled': flag(source.disabled),
    'svc.datasource.num_packets': source.numPackets,
    'svc.datasource.num_error_packets': source.numErrorPackets,
    'svc.datasource.packets_rrd': source.packetsRrd.toRecord(now),
    'svc.datasource.packets_datasize_rrd': source.datasizeRrd.toRecord(now),
    'svc.datasource.retry': flag(source.retry && !source.remote),
    'svc.datasource.retry_attempts': source.retryAttempts,
    'svc.datasource.total_retry_attempts': source.totalRetryAttempts,
  };
  if (info.antennaType !== undefined) record['svc.datasource.info.antenna_type'] = info.antennaType;
  if (info.antennaGain !== undefined) record['svc.datasource.info.antenna_gain'] = info.antennaGain;
  if (info.antennaOrientation !== undefined) record['svc.datasource.info.antenna_orientation'] = info.antennaOrientation;
  if (info.antennaBeamwidth !== undefined) record['svc.datasource.info.antenna_beamwidth'] = info.antennaBeamwidth;
  if (info.ampType !== undefined) record['svc.datasource.info.amp_type'] = info.ampType;
  if (info.ampGain !== undefined) record['svc.datasource.info.amp_gain'] = info.ampGain;
  Object.assign(record, source.details);
  record['svc.datasource.type_driver'] = datasourceTypeRecord(source.type);
  return record;
}

/** An interface as `/datasource/list_interfaces.json` lists it. */
export function probedInterfaceRecord(type: DatasourceTypeDefinition, found: ProbedInterface, inUseUuid: string | undefined): Record<string, unknown> {
  return {
    'svc.datasource.probed.interface': found.interface,
    'svc.datasource.probed.capture_interface': found.captureInterface ?? found.interface,
    'svc.datasource.probed.options_vec': [...(found.options ?? [])],
    'svc.datasource.probed.in_use_uuid': inUseUuid ?? '00000000-0000-0000-0000-000000000000',
    'svc.datasource.probed.hardware': found.hardware ?? '',
    'svc.datasource.probed.datasource_version': found.version ?? '',
    'svc.datasource.type_driver': datasourceTypeRecord(type),
  };
}
