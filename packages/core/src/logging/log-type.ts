/**
 * What a log type is (Kismet's log drivers: `kismet`, `pcapng`, `wiglecsv`): a named writer a
 * plugin contributes through the `logTypes` hook and `log_types=` selects. The log manager owns
 * the taps on the packet chain and the event bus and hands each open log what it asked for, so
 * a log can be started and stopped at run time while the hooks stay tapped once.
 */
import type { GpsFix } from '../gps/gps-fix.js';
import type { Packet } from '../packets/packet.js';
import type { Service } from '../service-types.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';

/** A log type a plugin contributes. */
export interface LogTypeDefinition {
  /** `log_types=` name and class in the routes (`svcdb`, `pcapng`): letters, digits, `-` and `_`. */
  readonly name: string;
  /** One line for `/logging/drivers.json`. */
  readonly description: string;
  /** File name extension, without the dot (`svcdb`, `pcapng`, `wiglecsv.csv`). */
  readonly extension: string;
  /** Opens a new log at `path` (which does not exist yet). Fails with a message naming the file. */
  open(context: LogOpenContext): Promise<LogWriter>;
}

/** What a log type gets when one of its logs opens. */
export interface LogOpenContext {
  readonly svc: Service;
  /** The file to create. */
  readonly path: string;
  /** `log_packets`: false when the log should keep devices, alerts and records but no frames. */
  readonly logPackets: boolean;
  /**
   * Call when the log cannot go on (the disk is full, the file vanished): the manager closes it,
   * posts a message and raises `LOGERROR`. The server keeps running.
   */
  readonly fail: (error: Error) => void;
}

/** An open log. Every handler is optional: a log takes what it records. */
export interface LogWriter {
  /** A packet at the end of the chain (devices updated). Synchronous and cheap: queue, do not write. */
  packet?(packet: Packet): void;
  /** A device changed; called at most every `log_device_interval` seconds per device. */
  device?(device: TrackedDevice): void;
  /** An event bus record: `ALERT`, `MESSAGE`, `POI`, `NEW_DATASOURCE` and `DATASOURCE_*`. */
  event?(topic: string, record: unknown): void;
  /** The server's position, at most once a second, when the GPS reports a new fix. */
  position?(fix: GpsFix): void;
  /**
   * Removes the packets of Unix second `before` and earlier from the log (Kismet's
   * `/logging/kismetdb/pcap/drop.cmd`), after everything handed to it so far; resolves with how
   * many went. Only logs that keep packets in a form they can drop from offer it.
   */
  dropPackets?(before: number): Promise<number>;
  /**
   * Resolves when the log can take more packets, or undefined when it can now. Sources that read
   * files wait on it, so a file is read no faster than its log is written.
   */
  ready?(): Promise<void> | undefined;
  /** Bytes the log has written so far (for rotation and `active.json`). */
  size(): number;
  /**
   * Records (packets, rows) handed to the log and not yet on disk: its writer's backlog, served
   * as `svc_log_backlog_records` on `/metrics`.
   */
  backlog?(): number;
  /** Writes what is queued and closes the file. */
  close(): Promise<void>;
}
