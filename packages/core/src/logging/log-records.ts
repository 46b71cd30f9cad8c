/**
 * How log types and logs are served (`/logging/drivers.json`, `/logging/active.json`): Kismet's
 * log tracker records with svc's names, plus what svc adds (size, open time, error).
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import type { LogFile } from './log-manager.js';
import type { LogTypeDefinition } from './log-type.js';

/** Fields of the log records. */
export const LOG_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.logfile.type.class', type: 'string', description: 'log type name, as log_types= and by-class routes use it' },
  { name: 'svc.logfile.type.name', type: 'string', description: 'log type name' },
  { name: 'svc.logfile.type.stream', type: 'uint8_t', description: '1 when the log type is a stream rather than a file' },
  { name: 'svc.logfile.type.singleton', type: 'uint8_t', description: '1 when only one log of the type can be open at once' },
  { name: 'svc.logfile.type.description', type: 'string', description: 'what the log type writes' },
  { name: 'svc.logfile.type.extension', type: 'string', description: 'file name extension of the log type' },
  { name: 'svc.logfile.uuid', type: 'uuid', description: 'UUID of the log (for its stop route)' },
  { name: 'svc.logfile.description', type: 'string', description: 'what the log writes' },
  { name: 'svc.logfile.path', type: 'string', description: 'file the log writes' },
  { name: 'svc.logfile.template', type: 'string', description: 'how the file name was made' },
  { name: 'svc.logfile.open', type: 'uint8_t', description: '1 while the log is open' },
  { name: 'svc.logfile.size', type: 'uint64_t', description: 'bytes written' },
  { name: 'svc.logfile.start_time', type: 'double', description: 'Unix seconds the log was opened' },
  { name: 'svc.logfile.error', type: 'string', description: 'why the log stopped when it failed; empty otherwise' },
  { name: 'svc.log.type_driver', type: 'object', description: 'the log type record of a log' },
];

/** How log file names are made, as `log_template` would say it. */
export const LOG_TEMPLATE = '%p/%n-%D-%t-%i.%l';

/** A log type as `/logging/drivers.json` lists it. */
export function logTypeRecord(type: LogTypeDefinition): Record<string, unknown> {
  return {
    'svc.logfile.type.class': type.name,
    'svc.logfile.type.name': type.name,
    'svc.logfile.type.stream': 0,
    'svc.logfile.type.singleton': 1,
    'svc.logfile.type.description': type.description,
    'svc.logfile.type.extension': type.extension,
  };
}

/** A log as `/logging/active.json` lists it. */
export function logRecord(log: LogFile): Record<string, unknown> {
  return {
    'svc.logfile.uuid': log.uuid,
    'svc.logfile.description': log.type.description,
    'svc.logfile.path': log.path,
    'svc.logfile.template': LOG_TEMPLATE,
    'svc.logfile.open': log.open ? 1 : 0,
    'svc.logfile.size': log.writer ? log.writer.size() : log.size,
    'svc.logfile.start_time': log.openedAt,
    'svc.logfile.error': log.error,
    'svc.log.type_driver': logTypeRecord(log.type),
  };
}
