/**
 * A datasource's state as the fleet carries it: what the fleet view lists of a sensor's source,
 * never its definition (which can hold credentials) nor anything the readonly role could not read.
 */
import { parseFieldSpecs, simplify, type FieldSpec } from '@svc/core';

const SOURCE_FIELDS: FieldSpec[] = parseFieldSpecs([
  'svc.datasource.uuid',
  'svc.datasource.name',
  'svc.datasource.interface',
  'svc.datasource.type',
  'svc.datasource.running',
  'svc.datasource.paused',
  'svc.datasource.error',
  'svc.datasource.error_reason',
  'svc.datasource.channel',
  'svc.datasource.hopping',
  'svc.datasource.num_packets',
]);

/** The state of a source from its full record. */
export function sourceState(record: Record<string, unknown>): Record<string, unknown> {
  return simplify(record, SOURCE_FIELDS) as Record<string, unknown>;
}
