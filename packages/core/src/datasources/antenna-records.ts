/**
 * Kismet's antenna list (`/antennas/antennas.json`): a map from antenna id to antenna record.
 * Kismet keeps the table but nothing in 2025-09-R1 adds to it, so it answers `{}`; svc fills it
 * with what it knows: every datasource has one antenna (number 0 on the source), with the
 * `info_antenna_*` options its definition gives. The id is the source's number, the antenna UUID
 * is derived from the source's, so both hold while the server runs. Kismet's power adjustment
 * is 0: svc applies none.
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import { dataMap } from '../fields/data-map.js';
import { nameUuid } from '../util/name-uuid.js';
import type { Datasource } from './datasource.js';

/** Fields of an antenna record. */
export const ANTENNA_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.antenna.id', type: 'uint32_t', description: 'antenna id (the key of the antenna list; its datasource number)' },
  { name: 'svc.antenna.uuid', type: 'uuid', description: 'antenna UUID, derived from its datasource' },
  { name: 'svc.antenna.source_uuid', type: 'uuid', description: 'UUID of the datasource the antenna belongs to' },
  { name: 'svc.antenna.source_antnum', type: 'uint32_t', description: 'antenna number on the datasource (0: svc sources have one)' },
  { name: 'svc.antenna.power_adjust', type: 'int32_t', description: 'signal adjustment for the antenna in dB (0: none)' },
  { name: 'svc.antenna.type', type: 'string', description: 'antenna type (the source option info_antenna_type), empty when not given' },
  { name: 'svc.antenna.gain', type: 'double', description: 'antenna gain in dB (info_antenna_gain), 0 when not given' },
  { name: 'svc.antenna.orientation', type: 'double', description: 'antenna orientation in degrees (info_antenna_orientation), 0 when not given' },
  { name: 'svc.antenna.beamwidth', type: 'double', description: 'antenna beam width in degrees (info_antenna_beamwidth), 0 when not given' },
];

/** The antenna list of these datasources, keyed by antenna id. */
export function antennaMap(sources: readonly Datasource[]): Record<string, Record<string, unknown>> {
  return dataMap(Object.fromEntries(sources.map((source) => [String(source.number), antennaRecord(source)])));
}

function antennaRecord(source: Datasource): Record<string, unknown> {
  const { info } = source.options;
  return {
    'svc.antenna.id': source.number,
    'svc.antenna.uuid': nameUuid(`svc-antenna:${source.uuid}:0`),
    'svc.antenna.source_uuid': source.uuid,
    'svc.antenna.source_antnum': 0,
    'svc.antenna.power_adjust': 0,
    'svc.antenna.type': info.antennaType ?? '',
    'svc.antenna.gain': info.antennaGain ?? 0,
    'svc.antenna.orientation': info.antennaOrientation ?? 0,
    'svc.antenna.beamwidth': info.antennaBeamwidth ?? 0,
  };
}
