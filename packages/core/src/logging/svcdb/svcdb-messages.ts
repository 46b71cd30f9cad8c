/**
 * The messages between the svcdb log (on the main thread) and its writer thread. The log sends
 * batches; the writer answers each with the file's size once the batch is committed (and gives
 * back its packet arrays for reuse), or with an
 * error (disk full, file removed) after which it writes nothing more. A request to drop old
 * packets (Kismet's `drop.cmd`) is answered with how many went, after the batches before it.
 */
import type { PacketRowArrays, PacketRowBatch } from './packet-rows.js';
import type { SvcdbRowTable } from './svcdb-schema.js';

/** What the writer thread is started with. */
export interface SvcdbWorkerData {
  readonly path: string;
  readonly version: string;
}

/** One value of a row bound to an insert. */
export type SvcdbValue = number | string | null;

/** A device's row in the state snapshot: PHY name, MAC text and its packed state. */
export type DeviceStateRow = readonly [phyname: string, devmac: string, state: Uint8Array];

/** Main thread to writer. */
export type SvcdbRequest =
  | {
      readonly kind: 'batch';
      readonly id: number;
      readonly packets?: PacketRowBatch;
      readonly rows: Partial<Record<SvcdbRowTable, SvcdbValue[][]>>;
      /** Rows of the state snapshot beside the log (see device-state-file.ts). */
      readonly deviceStates?: DeviceStateRow[];
    }
  | { readonly kind: 'drop'; readonly id: number; readonly before: number }
  | { readonly kind: 'close' };

/** Writer to main thread. */
export type SvcdbReply =
  | { readonly kind: 'opened' }
  | {
      readonly kind: 'written';
      readonly id: number;
      readonly bytes: number;
      /** The batch's packet arrays, handed back to be filled again (transferred). */
      readonly arrays?: PacketRowArrays;
    }
  | { readonly kind: 'dropped'; readonly id: number; readonly count: number }
  | { readonly kind: 'failed'; readonly message: string; readonly code: string }
  | { readonly kind: 'closed' };

/** Columns whose text is stored as a BLOB, as Kismet stores its JSON. */
export const BLOB_COLUMNS: Readonly<Record<SvcdbRowTable, number>> = {
  data: 11,
  devices: 14,
  datasources: 5,
  alerts: 7,
  messages: -1,
  snapshots: 5,
};
