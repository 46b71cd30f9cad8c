/**
 * What a GPS type (a driver) provides, contributed through the `gpsTypes` hook. A `gps=` line
 * in svc.conf (`gps=serial:device=/dev/ttyUSB0,baud=4800`) names the type before the `:`; the
 * tracker opens it once the server is ready, feeds its fixes to the packet stamping, and
 * reopens it after a delay when it fails or its device goes away.
 */
import type { Logger } from '../logger.js';
import type { GpsFix } from './gps-fix.js';

/** A parsed `gps=` line. */
export interface GpsDefinition {
  /** The line as given. */
  readonly line: string;
  /** Type name (text before the first `:`). */
  readonly type: string;
  /** `name=` option, else the type name (made unique with a number). */
  readonly name: string;
  /** Options by lower-cased name (but `name`, `uuid` and `dataonly`, read into the fields here). */
  readonly options: ReadonlyMap<string, string>;
  /** `uuid=`, else one derived from the name and line: uppercase. */
  readonly uuid: string;
  /** `dataonly=`: true keeps the GPS's positions from the server's own; absent leaves it to the type. */
  readonly dataOnly?: boolean;
}

/** What an open GPS reports to the tracker. */
export interface GpsContext {
  /** The GPS's name, for messages. */
  readonly name: string;
  readonly log: Logger;
  /** A new position (or the loss of one: `fix` below 2). */
  update(fix: GpsFix): void;
  /** The GPS stopped working after it opened (device unplugged, stream ended); it is reopened later. */
  lost(reason: string): void;
  /** Posts a message about this GPS on the message bus. */
  message(text: string, level?: 'info' | 'error'): void;
}

/** An open GPS. */
export interface GpsConnection {
  /** Where the fixes come from, for the GPS list (`/dev/ttyUSB0 at 4800 baud`). */
  readonly description: string;
  /**
   * Where this GPS was at Unix time `time`, stamped with it, for a GPS that knows its past (a
   * timed track file); undefined outside what it knows. The GPS tracker stamps it onto packets
   * recorded at that time instead of the current position (see `GpsTracker.packetGpsAt`).
   */
  positionAt?(time: number): GpsFix | undefined;
  /** Stops reading; no `update` or `lost` calls follow. */
  close(): Promise<void>;
}

/** A GPS driver. */
export interface GpsTypeDefinition {
  /** Name used before the `:` of a `gps=` line. */
  readonly name: string;
  /** One line for humans: what it reads and which options it takes. */
  readonly description: string;
  /**
   * Seconds its fixes stay current, when that is longer than `gps_fix_valid_time` (a browser
   * posts its position seldom); the longer of the two applies.
   */
  readonly validFor?: number;
  /**
   * True for a GPS whose positions are only for the datasources bound to it (`metagps=`), never
   * the server's position (Kismet's data-only GPS, as its `meta` type is).
   */
  readonly dataOnly?: boolean;
  /** Opens a GPS; rejects with a clear reason (an `SvcError`) when it cannot. */
  open(definition: GpsDefinition, context: GpsContext): Promise<GpsConnection>;
}
