/**
 * Kismet's export of a kismetdb log's packets as pcapng (`/logging/kismetdb/pcap/{title}.pcapng`,
 * here `/logging/svcdb/pcap/...`): the packets of the open svcdb log that pass every filter
 * given (Kismet's filter options, as query or form variables, or in a `filter` dictionary):
 * a time window, a datasource, a device, a link type, a frequency or range, a signal range,
 * source, destination or transmitter addresses (SQL LIKE patterns, as Kismet matches them), a
 * box of positions, a size range, a tag, and a limit. They are read from the log's file with a
 * connection of their own, a few hundred rows at a time as the client takes them, and written
 * with one interface block per datasource and link type.
 */
import Database from 'better-sqlite3';
import { SvcError } from '../../errors.js';
import { interfaceBlock, packetBlockLength, sectionHeaderBlock, writePacketBlock } from '../pcapng/pcapng-encoder.js';
import type { PcapngInterfaceName } from '../pcapng/pcapng-chunker.js';

/** A packet query: SQL conditions with their values, and the limit. */
export interface SvcdbPacketQuery {
  readonly conditions: readonly string[];
  readonly values: readonly (number | string)[];
  readonly limit: number | undefined;
}

/** Each filter option: its SQL condition and whether its value is a number or a LIKE pattern. */
const FILTER_OPTIONS: Readonly<Record<string, { readonly sql: string; readonly kind: 'number' | 'text' }>> = {
  timestamp_start: { sql: 'ts_sec + ts_usec / 1000000.0 >= ?', kind: 'number' },
  timestamp_end: { sql: 'ts_sec + ts_usec / 1000000.0 <= ?', kind: 'number' },
  datasource: { sql: 'datasource LIKE ?', kind: 'text' },
  device_id: { sql: 'devkey LIKE ?', kind: 'text' },
  dlt: { sql: 'dlt = ?', kind: 'number' },
  frequency: { sql: 'frequency = ?', kind: 'number' },
  frequency_min: { sql: 'frequency >= ?', kind: 'number' },
  frequency_max: { sql: 'frequency <= ?', kind: 'number' },
  signal_min: { sql: 'signal >= ?', kind: 'number' },
  signal_max: { sql: 'signal <= ?', kind: 'number' },
  address_source: { sql: 'sourcemac LIKE ?', kind: 'text' },
  address_dest: { sql: 'destmac LIKE ?', kind: 'text' },
  address_trans: { sql: 'transmac LIKE ?', kind: 'text' },
  location_lat_min: { sql: 'lat >= ?', kind: 'number' },
  location_lat_max: { sql: 'lat <= ?', kind: 'number' },
  location_lon_min: { sql: 'lon >= ?', kind: 'number' },
  location_lon_max: { sql: 'lon <= ?', kind: 'number' },
  size_min: { sql: 'packet_len >= ?', kind: 'number' },
  size_max: { sql: 'packet_len <= ?', kind: 'number' },
  tag: { sql: 'tags LIKE ?', kind: 'text' },
};

/** Rows read per pull of the stream, and the bytes past which a pull stops early. */
const ROWS_PER_PULL = 256;
const BYTES_PER_PULL = 1 << 20;

/**
 * The query the filter options describe, from `vars` (query or form variables) and a `filter`
 * dictionary (which wins); an option whose value is not what it must be is a 400 naming it.
 * Options this does not know are ignored, as commands ignore unknown keys.
 */
export function svcdbPacketQuery(vars: Readonly<Record<string, string>>, filter: unknown): SvcdbPacketQuery {
  if (filter !== undefined && (filter === null || typeof filter !== 'object' || Array.isArray(filter))) throw new SvcError('SVC_ERR_BAD_REQUEST', "'filter' must be a dictionary of filter options");
  const given: Record<string, unknown> = { ...vars, ...(filter as Record<string, unknown> | undefined) };
  const conditions: string[] = [];
  const values: (number | string)[] = [];
  for (const [name, option] of Object.entries(FILTER_OPTIONS)) {
    const raw = given[name];
    if (raw === undefined) continue;
    conditions.push(option.sql);
    values.push(option.kind === 'number' ? filterNumber(name, raw) : filterText(name, raw));
  }
  const limit = given.limit === undefined ? undefined : filterNumber('limit', given.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) throw new SvcError('SVC_ERR_BAD_REQUEST', `'limit' must be a whole number of packets, not ${JSON.stringify(given.limit)}`);
  return { conditions, values, limit };
}

function filterNumber(name: string, raw: unknown): number {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) throw new SvcError('SVC_ERR_BAD_REQUEST', `filter option '${name}' must be a number, not ${JSON.stringify(raw)}`);
  return value;
}

function filterText(name: string, raw: unknown): string {
  if (typeof raw !== 'string') throw new SvcError('SVC_ERR_BAD_REQUEST', `filter option '${name}' must be text, not ${JSON.stringify(raw)}`);
  return raw;
}

/**
 * The packets of the svcdb log at `path` the query selects, as a pcapng stream; `name` names a
 * datasource's interface blocks. The file is opened read-only at once (so a failure is the
 * caller's to answer) and closed when the stream ends or the client goes.
 */
export function svcdbPcapngStream(path: string, query: SvcdbPacketQuery, name: (uuid: string) => PcapngInterfaceName): ReadableStream<Uint8Array> {
  let db: Database.Database | undefined = new Database(path, { readonly: true, fileMustExist: true });
  const where = query.conditions.length ? ` WHERE ${query.conditions.join(' AND ')}` : '';
  const limit = query.limit === undefined ? '' : ' LIMIT ?';
  const values = query.limit === undefined ? query.values : [...query.values, query.limit];
  let rows: IterableIterator<unknown> | undefined = db.prepare(`SELECT ts_sec, ts_usec, datasource, dlt, packet FROM packets${where} ORDER BY rowid${limit}`).iterate(...values);
  const interfaces = new Map<string, number>();
  const close = () => {
    rows?.return?.();
    rows = undefined;
    db?.close();
    db = undefined;
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(sectionHeaderBlock('svc', `packets of the svcdb log ${path}`));
    },
    pull(controller) {
      const blocks: Buffer[] = [];
      let bytes = 0;
      for (let read = 0; read < ROWS_PER_PULL && bytes < BYTES_PER_PULL; read++) {
        const next = rows!.next();
        if (next.done) {
          if (blocks.length) controller.enqueue(Buffer.concat(blocks));
          close();
          controller.close();
          return;
        }
        const row = next.value as { ts_sec: number; ts_usec: number; datasource: string; dlt: number; packet: Buffer | null };
        const frame = row.packet ?? Buffer.alloc(0);
        const key = `${row.datasource}|${row.dlt}`;
        let id = interfaces.get(key);
        if (id === undefined) {
          id = interfaces.size;
          interfaces.set(key, id);
          const named = name(row.datasource);
          const block = interfaceBlock(row.dlt, named.name, named.description);
          blocks.push(block);
          bytes += block.length;
        }
        const block = Buffer.allocUnsafe(packetBlockLength(frame.length));
        writePacketBlock(block, 0, id, row.ts_sec, row.ts_usec, frame);
        blocks.push(block);
        bytes += block.length;
      }
      controller.enqueue(Buffer.concat(blocks));
    },
    cancel: close,
  });
}
