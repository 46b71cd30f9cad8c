/**
 * What a datasource plugin declares: a driver type with its capability flags and the three
 * things a driver does (after Kismet's datasource builders): `probe` whether a definition is
 * for it, `list` the interfaces it could open, and `open` a capture. The datasource tracker
 * does everything else: records, states, retries, channel hopping, events and routes.
 */
import type { Logger } from '../logger.js';
import type { Packet } from '../packets/packet.js';
import type { SourceDefinition } from './definition.js';

/** Capability flags of a datasource type. */
export interface DatasourceCapabilities {
  /** Can tell whether a definition is for it (used when `type=` is absent). */
  readonly probe: boolean;
  /** Can list interfaces it could open. */
  readonly list: boolean;
  /** Can capture on this host. */
  readonly local: boolean;
  /** Can be fed by a remote capture tool. */
  readonly remote: boolean;
  /** Receives data without being opened (scan reports). */
  readonly passive: boolean;
  /** Can be tuned to a channel. */
  readonly tune: boolean;
  /** Can hop channels. */
  readonly hop: boolean;
  /** Capturing needs svc to run as root (putting an interface in monitor mode); ROOTUSER is not raised while such a source is defined. */
  readonly needsRoot?: boolean;
  /** Replays a recording rather than capturing live: svc as root is not warned about (ROOTUSER) for such sources alone. */
  readonly replay?: boolean;
}

/** An interface a type could open (`/datasource/list_interfaces.json`). */
export interface ProbedInterface {
  /** What to write before the `:` of a definition. */
  readonly interface: string;
  readonly captureInterface?: string;
  readonly hardware?: string;
  /** Definition options the interface needs or offers (`vif=...`). */
  readonly options?: readonly string[];
  readonly version?: string;
}

/** What an opened capture reports about itself. */
export interface CaptureInfo {
  /** The interface actually capturing (`wlan0mon`, `rtl433-0`). */
  readonly captureInterface?: string;
  /** Chipset or driver. */
  readonly hardware?: string;
  /** pcap link type of the packets (0 when they carry JSON records). */
  readonly dlt?: number;
  /** Channels the capture supports. */
  readonly channels?: readonly string[];
  /** Channel it is on now. */
  readonly channel?: string;
  /** Version of the capture tool. */
  readonly version?: string;
  /** Something the user should know (reported on the record). */
  readonly warning?: string;
}

/** A value a capture reports about its hardware: a flag as 0 or 1, a count, a name. */
export type SourceDetailValue = string | number;

/**
 * What a capture reports about the state of its hardware beyond {@link CaptureInfo}, which is
 * fixed at open: an adapter's power, its rfkill block, another program already using it. Keys
 * are field names under `svc.datasource.` that the type's plugin registers through the
 * `fields` hook (`svc.datasource.bluetooth.powered`); the source record serves them beside its
 * own fields.
 */
export type SourceDetails = Readonly<Record<string, SourceDetailValue>>;

/** A running capture. */
export interface Capture {
  readonly info: CaptureInfo;
  /**
   * Batches of packets, `sourceUuid` set to the source's UUID. Iteration is the backpressure:
   * the capture reads no faster than the server takes batches. Ending means the capture has
   * nothing more to give (a replayed file at its end): the source stays open, idle. Throwing
   * means the capture failed: the source goes into error and is retried if configured.
   */
  readonly packets: AsyncIterable<readonly Packet[]>;
  /** Tunes to a channel; types with the `tune` capability provide it. */
  setChannel?(channel: string): Promise<void>;
  /**
   * Packets received and waiting to be taken (a capture's queue depth), for `/metrics` and the
   * packet chain's queue record. A capture without a queue of its own leaves it out.
   */
  backlog?(): number;
  /**
   * Packets the capture lost since it opened (a live interface's kernel drops, from libpcap's
   * statistics), for `/metrics` and the packet chain's drop record.
   */
  dropped?(): number;
  /** Stops capturing and releases everything; the packets iterable ends. */
  close(): Promise<void>;
}

/** How a type converts its remote capture tool's packets (`DatasourceTypeDefinition.remotePackets`). */
export interface RemotePacketConversion {
  /** Link type of the converted packets. */
  readonly dlt: number;
  /** Converts one packet in place. */
  convert(packet: Packet): void;
}

/** What `open` gets besides the definition. */
export interface OpenContext {
  /** UUID of the source (packets carry it). */
  readonly uuid: string;
  readonly log: Logger;
  /** Reports something about this source on the message bus (`info` or `error`). */
  message(text: string, level?: 'info' | 'error'): void;
  /**
   * Reports the state of the hardware behind this source ({@link SourceDetails}), while opening
   * and while capturing. Values are merged into the source's record and kept while it is in
   * error, so the record shows why it cannot open (powered off, blocked). A name outside
   * `svc.datasource.`, or one of the record's own fields, throws. The server's contexts provide
   * it; one that cannot carry it (`svc capture` streaming to a remote server) leaves it out.
   */
  details?(update: SourceDetails): void;
}

/** What `probe` and `list` get. */
export interface ProbeContext {
  /** Aborted when the server stops waiting (2 s). */
  readonly signal: AbortSignal;
}

/** A datasource type contributed through the `datasourceTypes` hook. */
export interface DatasourceTypeDefinition {
  /** Type name used in `type=` (`pcapfile`, `rtl433`), lower case. */
  readonly name: string;
  /** One line for `/datasource/types.json`. */
  readonly description: string;
  readonly capabilities: DatasourceCapabilities;
  /**
   * The type's own definition options, name to a one-line description. When a type declares
   * them, a definition with any other option (besides the generic ones every source takes) is a
   * bad definition, answered with a 400 before anything opens; `/datasource/types.json` lists
   * them. A type that declares none accepts any option.
   */
  readonly options?: Readonly<Record<string, string>>;
  /**
   * Checks the values of the type's options (and anything else about the definition that cannot
   * change, such as a named file being a regular file) before the source is added: throw an
   * `SvcError` `SVC_ERR_BAD_DEFINITION` naming the option and what it takes. A definition that
   * passes may still fail to open (a device unplugged); that is not checked here.
   */
  validate?(definition: SourceDefinition): void | Promise<void>;
  /** Whether the definition is for this type (asked when `type=` is absent). */
  probe?(definition: SourceDefinition, context: ProbeContext): Promise<boolean>;
  /** Interfaces this type could open on this host. */
  list?(context: ProbeContext): Promise<readonly ProbedInterface[]>;
  /**
   * Opens a capture; a thrown error (with a reason a user can act on) puts the source in error.
   * The source is re-opened after a back-off unless the error is permanent
   * (`SVC_ERR_DATASOURCE_PERMANENT`, `SVC_ERR_BAD_DEFINITION`: retrying cannot help).
   */
  open?(definition: SourceDefinition, context: OpenContext): Promise<Capture>;
  /**
   * For a type whose capture tool sends packets the server converts before any decoder can read
   * them (Kismet's `kismet_cap_ubertooth_one` sends the radio's raw USB records, link type 0,
   * and leaves the conversion to the server): the link type the packets become, shown on the
   * source's record, and the conversion, applied in place to each packet a remote capture tool
   * of this type sends. A packet it cannot read it marks `error`.
   */
  readonly remotePackets?: RemotePacketConversion;
  /**
   * A stable UUID for a definition without `uuid=` (pcapfile derives it from the path), so a
   * source keeps its UUID across restarts. By default it is derived from type and interface.
   */
  uuidFor?(definition: SourceDefinition): string;
}
