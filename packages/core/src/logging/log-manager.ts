/**
 * The log manager (Kismet's log tracker): opens the configured logs when the server is ready,
 * starts and stops logs on request, rotates them by size or age, and feeds every open log (and
 * every live packet stream) from one set of taps: packets at the end of the chain, changed devices at most every
 * `log_device_interval` seconds, alerts, messages and datasource changes from the event bus,
 * and the GPS position. A log that fails (disk full, file gone) is closed with a message and a
 * `LOGERROR` alert; the server and the other logs go on. A log that cannot start (a full disk,
 * a directory svc may not write) is refused with the reason, and leaves no file behind.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describeError, SvcError } from '../errors.js';
import { MessageFlags } from '../messages/message-bus.js';
import type { Packet } from '../packets/packet.js';
import type { Registry } from '../registry.js';
import type { Service } from '../service-types.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { ChangedDevices } from './changed-devices.js';
import { logFileName } from './log-file-name.js';
import type { LogSettings } from './log-settings.js';
import type { LogTypeDefinition, LogWriter } from './log-type.js';
import type { PacketStreams } from './pcapng/packet-streams.js';

/** One log of this run, open or closed. */
export interface LogFile {
  readonly uuid: string;
  readonly type: LogTypeDefinition;
  readonly path: string;
  /** Unix seconds it was opened. */
  readonly openedAt: number;
  open: boolean;
  /** Why it was closed when it failed; empty otherwise. */
  error: string;
  /** Bytes written, updated while open. */
  size: number;
  writer: LogWriter | undefined;
}

/** The alert raised when a log fails. */
export const LOG_ERROR_ALERT = 'LOGERROR';
/** Topics whose records go to the logs. */
const LOGGED_TOPICS = ['ALERT', 'MESSAGE', 'POI', 'NEW_DATASOURCE', 'DATASOURCE_OPENED', 'DATASOURCE_CLOSED', 'DATASOURCE_ERROR', 'DATASOURCE_PAUSED', 'DATASOURCE_RESUMED', 'DATASOURCE_ENDED', 'DATASOURCE_REMOVED'];
/** Free bytes a disk must have for a log to start there: room for its first writes. */
export const LOG_MIN_FREE_BYTES = 64 * 1024;
const ROTATION_CHECK_MS = 1000;

/** Opens, feeds, rotates and closes logs. */
export class LogManager {
  readonly #logs: LogFile[] = [];
  /** Open writers, as an array the packet path walks. */
  #writers: LogWriter[] = [];
  /** Whether an open log writes devices: changed devices are only written then. */
  #devicesWanted = false;
  readonly #changed: ChangedDevices;
  #timers: NodeJS.Timeout[] = [];
  #unsubscribe: (() => void)[] = [];
  #lastFixTime = 0;
  #stopped = false;
  #rotation: Promise<void> | undefined;
  /** Live pcapng streams clients downloading packets have open. */
  readonly streams: PacketStreams;

  constructor(
    private readonly svc: Service,
    private readonly types: Registry<LogTypeDefinition>,
    readonly settings: LogSettings,
  ) {
    this.streams = svc.packetStreams.streams;
    this.#changed = new ChangedDevices(svc.devices);
  }

  /** Every log of this run, oldest first. */
  list(): readonly LogFile[] {
    return this.#logs;
  }

  /** The open log of a type; 409 naming how to start one when none is open. */
  requireOpen(typeName: string): LogFile & { writer: LogWriter } {
    const log = this.#logs.find((candidate) => candidate.open && candidate.writer && candidate.type.name === typeName);
    if (!log) throw new SvcError('SVC_ERR_CONFLICT', `no ${typeName} log is open: start one with /logging/by-class/${typeName}/start.cmd (or enable logging with log_types=${typeName})`);
    return log as LogFile & { writer: LogWriter };
  }

  /** The open logs and the records each has not yet written (0 for a writer that does not say). */
  backlog(): { type: string; uuid: string; records: number }[] {
    return this.#logs.filter((log) => log.open && log.writer).map((log) => ({ type: log.type.name, uuid: log.uuid, records: log.writer!.backlog?.() ?? 0 }));
  }

  /** Taps the packet chain; done once at boot. Changed devices are found in the tracker (changed-devices.ts). */
  tap(name: string, stage: number): void {
    this.svc.hooks.packet.for('track').tap({ name, stage }, (packet) => this.#packet(packet));
  }

  /** Subscribes to the logged topics, starts the timers and opens the configured logs. */
  async begin(): Promise<void> {
    for (const topic of LOGGED_TOPICS) {
      if (this.svc.events.hasTopic(topic)) this.#unsubscribe.push(this.svc.events.subscribe(topic, (_topic, record) => this.#event(topic, record)));
    }
    const every = (ms: number, run: () => void) => {
      const timer = setInterval(run, ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(this.settings.deviceInterval * 1000, () => void this.#flushDevices());
    every(1000, () => this.#position());
    every(ROTATION_CHECK_MS, () => {
      // One rotation at a time; shutdown waits for it (a log it opened late would outlive the server).
      this.#rotation ??= this.#rotate().finally(() => (this.#rotation = undefined));
    });
    if (!this.settings.enabled) {
      this.svc.messages.post('logging is disabled (enable_logging=false or -n): nothing is written to disk');
      return;
    }
    for (const type of this.settings.types) {
      try {
        await this.start(type);
      } catch (error) {
        this.svc.messages.post(`log type ${type} was not opened: ${describeError(error)}`, MessageFlags.ERROR);
      }
    }
  }

  /** Opens a new log of a type; 404 for an unknown type, 409 when one of that type is open. */
  async start(typeName: string): Promise<LogFile> {
    const type = this.types.get(typeName === 'kismet' ? 'svcdb' : typeName);
    if (!type) throw new SvcError('SVC_ERR_NOT_FOUND', `no log type '${typeName}' (known: ${this.types.list().map((known) => known.name).join(', ')})`);
    if (this.#logs.some((log) => log.open && log.type === type)) throw new SvcError('SVC_ERR_CONFLICT', `a ${type.name} log is already open; stop it first`);
    return this.#open(type);
  }

  /** Closes an open log by UUID; 404 when no such log, 409 when it is already closed. */
  async stop(uuid: string): Promise<LogFile> {
    const log = this.#logs.find((candidate) => candidate.uuid === uuid.toLowerCase());
    if (!log) throw new SvcError('SVC_ERR_NOT_FOUND', `no log with UUID ${uuid}`);
    if (!log.open) throw new SvcError('SVC_ERR_CONFLICT', `log ${log.path} is already closed`);
    await this.#close(log);
    this.svc.messages.post(`closed log ${log.path}`);
    return log;
  }

  /**
   * Resolves when every open log can take more packets, or undefined when they can now. The
   * datasource tracker waits on it between batches.
   */
  ready(): Promise<void> | undefined {
    let waits: Promise<void>[] | undefined;
    for (const writer of this.#writers) {
      const wait = writer.ready?.();
      if (wait) (waits ??= []).push(wait);
    }
    return waits && Promise.all(waits).then(() => undefined);
  }

  /** Writes what is pending and closes every log (at shutdown). */
  async end(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.streams.closeAll();
    await this.#rotation;
    for (const log of this.#logs) if (log.open) await this.#close(log);
  }

  async #open(type: LogTypeDefinition): Promise<LogFile> {
    if (this.#stopped) throw new SvcError('SVC_ERR_CONFLICT', 'svc is stopping: no new log is opened');
    const { prefix } = this.settings;
    try {
      mkdirSync(prefix, { recursive: true, mode: 0o750 });
    } catch (error) {
      throw startRefusal(type, prefix, error);
    }
    const free = freeBytes(prefix);
    if (free !== undefined && free < LOG_MIN_FREE_BYTES) {
      throw new SvcError('SVC_ERR_LOG_NO_SPACE', `cannot start a ${type.name} log in ${prefix}: the disk is full (${free} bytes free; a log needs at least ${LOG_MIN_FREE_BYTES})`);
    }
    const path = logFileName(prefix, this.settings.title, type.extension);
    const log: LogFile = { uuid: randomUUID(), type, path, openedAt: Date.now() / 1000, open: false, error: '', size: 0, writer: undefined };
    try {
      log.writer = await type.open({ svc: this.svc, path, logPackets: this.settings.logPackets, fail: (error) => void this.#fail(log, error) });
    } catch (error) {
      // A file already there (EEXIST) is not this attempt's to remove.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') removeLogFiles(path);
      throw startRefusal(type, path, error);
    }
    log.open = true;
    this.#logs.push(log);
    this.#writers = [...this.#writers, log.writer];
    this.#devicesWanted = this.#writers.some((writer) => writer.device);
    // A new log starts with what the server knows: every device and datasource.
    if (log.writer.device) this.#changed.all();
    for (const source of this.svc.datasources.list()) log.writer.event?.('NEW_DATASOURCE', this.svc.datasources.record(source));
    // Written now, not at the next interval: a log that will be restored from must hold them.
    void this.#flushDevices();
    this.svc.messages.post(`opened ${type.name} log ${path}`);
    return log;
  }

  async #close(log: LogFile): Promise<void> {
    const writer = log.writer;
    if (!writer || !log.open) return;
    log.open = false;
    if (writer.device) this.#changed.writeNow((device) => writer.device!(device));
    this.#writers = this.#writers.filter((candidate) => candidate !== writer);
    this.#devicesWanted = this.#writers.some((candidate) => candidate.device);
    log.size = writer.size();
    log.writer = undefined;
    try {
      await writer.close();
    } catch (error) {
      log.error ||= describeError(error);
    }
  }

  async #fail(log: LogFile, error: Error): Promise<void> {
    if (!log.open) return;
    const reason = diskFull(error) ? `the disk is full (${describeError(error)})` : describeError(error);
    log.error = reason;
    await this.#close(log);
    this.svc.messages.post(`${log.type.name} log ${log.path} stopped: ${reason}; the server goes on without it`, MessageFlags.ERROR);
    try {
      this.svc.alerts.raise({ name: LOG_ERROR_ALERT, text: `${log.type.name} log ${log.path} stopped: ${reason}` });
    } catch (raiseError) {
      // Throttled: the message above already says it.
      void raiseError;
    }
  }

  #packet(packet: Packet): void {
    if (packet.filtered === true) return;
    const writers = this.#writers;
    for (let index = 0; index < writers.length; index++) writers[index]!.packet?.(packet);
    if (this.streams.active) this.streams.packet(packet);
  }

  #event(topic: string, record: unknown): void {
    for (const writer of this.#writers) writer.event?.(topic, record);
  }

  #position(): void {
    if (this.#writers.length === 0) return;
    for (const log of this.#logs) if (log.open && log.writer) log.size = log.writer.size();
    const fix = this.svc.gps.best()?.fix;
    if (!fix || fix.fix < 2 || fix.time === this.#lastFixTime) return;
    this.#lastFixTime = fix.time;
    for (const writer of this.#writers) writer.position?.(fix);
  }

  /** Writes the devices changed since the last flush to every open log, a slice per turn of the event loop. */
  async #flushDevices(): Promise<void> {
    if (!this.#devicesWanted) return;
    await this.#changed.write((device) => this.#writeDevice(device));
  }

  /** Gives a changed device to the logs open now (a log closed during a pass gets no more). */
  #writeDevice(device: TrackedDevice): void {
    const writers = this.#writers;
    for (let index = 0; index < writers.length; index++) writers[index]!.device?.(device);
  }

  /** Closes logs past `log_max_bytes` or `log_max_age` and opens a new one of the same type. */
  async #rotate(): Promise<void> {
    const { maxBytes, maxAge } = this.settings;
    if (maxBytes <= 0 && maxAge <= 0) return;
    const now = Date.now() / 1000;
    for (const log of [...this.#logs]) {
      if (!log.open || !log.writer) continue;
      const size = log.writer.size();
      if (!((maxBytes > 0 && size >= maxBytes) || (maxAge > 0 && now - log.openedAt >= maxAge))) continue;
      await this.#close(log);
      if (this.#stopped) return;
      try {
        const next = await this.#open(log.type);
        this.svc.messages.post(`rotated ${log.type.name} log ${log.path} (${size} bytes) to ${next.path}`);
      } catch (error) {
        this.svc.messages.post(`rotating ${log.type.name} log ${log.path} failed: ${describeError(error)}`, MessageFlags.ERROR);
      }
    }
  }
}

/** True when an error says the disk (or the file system's quota) is full. */
function diskFull(error: Error): boolean {
  const text = `${(error as { code?: string }).code ?? ''} ${error.message}`;
  return /ENOSPC|EDQUOT|SQLITE_FULL|disk is full|database or disk is full/i.test(text);
}

/** True when an error says svc may not write there (permissions, a read-only file system). */
function notWritable(error: Error): boolean {
  const text = `${(error as { code?: string }).code ?? ''} ${error.message}`;
  return /EACCES|EPERM|EROFS|SQLITE_READONLY|SQLITE_CANTOPEN|permission denied|read-only/i.test(text);
}

/**
 * Why a log could not start, as the refusal a client gets: a full disk is a 507
 * (`SVC_ERR_LOG_NO_SPACE`), anything else a 500 (`SVC_ERR_LOG_WRITE`) that names the cause.
 */
function startRefusal(type: LogTypeDefinition, where: string, error: unknown): SvcError {
  const cause = error instanceof Error ? error : new Error(String(error));
  if (diskFull(cause)) return new SvcError('SVC_ERR_LOG_NO_SPACE', `cannot start a ${type.name} log at ${where}: the disk is full (${describeError(cause)})`, { cause });
  const reason = notWritable(cause) ? `svc may not write there (${describeError(cause)})` : describeError(cause);
  return new SvcError('SVC_ERR_LOG_WRITE', `cannot start a ${type.name} log at ${where}: ${reason}`, { cause });
}

/** Free bytes on the disk holding a directory, for svc's user; undefined when the system does not say. */
function freeBytes(directory: string): number | undefined {
  try {
    const stats = statfsSync(directory);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/**
 * Removes what a log that failed to start left (the file, and the files SQLite or the log
 * type put beside it, which all begin with its unique name).
 */
function removeLogFiles(path: string): void {
  const name = basename(path);
  try {
    for (const entry of readdirSync(dirname(path))) if (entry.startsWith(name)) rmSync(join(dirname(path), entry), { force: true });
  } catch {
    // The directory itself is gone or unreadable: nothing of the log is there to remove.
  }
}
