/**
 * The `rtl433` datasource type (kismet-reference 5.5): sensors heard by an RTL-SDR, decoded by
 * `rtl_433`. Read as Kismet's `datasource_rtl433.h` reads: the descriptor and capabilities,
 * then probe (a dongle name, a recording, or an rtl_433 to attach to), list (dongles in sysfs),
 * and open. Opening runs `rtl_433 -F json -M level` as a helper process: each line it prints
 * becomes a packet carrying a JSON block of type `RTL433`, what it says on stderr becomes the
 * source's messages, and its exit becomes the source's error with the reason it gave.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  checkSourceFile,
  openHelperCapture,
  stableUuid,
  SvcError,
  type Capture,
  type DatasourceTypeDefinition,
  type OpenContext,
  type Packet,
  type ProbedInterface,
  type SourceDefinition,
} from '@svc/core';
import { RTL433_RECORD_TYPE } from './rtl433-decoder.js';
import { openAttachCapture } from './datasource/attach-capture.js';
import { isDongleIndex, isRecordingName, liveChannel, readRtl433Options, rtl433Arguments, type Rtl433Options } from './datasource/rtl433-options.js';
import { findRtlSdrDongles, SYSFS_USB_DEVICES } from './datasource/usb-dongles.js';
import { classifyRtl433Stderr } from './datasource/stderr-lines.js';

/** Type name, as Kismet spells it. */
export const RTL433_TYPE = 'rtl433';

/** The program run by default (found on PATH). */
export const RTL433_COMMAND = 'rtl_433';

/** How long a live rtl_433 must stay up for the open to count: a missing dongle makes it exit at once. */
const LIVE_STARTUP_MS = 1500;

/** Where the type finds its program and the host's USB devices (tests point them elsewhere). */
export interface Rtl433TypeSettings {
  /** The rtl_433 program, a name on PATH or a path. */
  readonly command?: string;
  /** sysfs USB device directory. */
  readonly sysfsUsb?: string;
}

/** Whether a path is an existing regular file. */
async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** A packet carrying one line of rtl_433's output, stamped with the time it was read. */
function linePacket(line: string, sourceUuid: string): Packet {
  const now = Date.now();
  return {
    tsSec: Math.floor(now / 1000),
    tsUsec: (now % 1000) * 1000,
    sourceUuid,
    dlt: 0,
    json: { type: RTL433_RECORD_TYPE, text: line },
    annotations: {},
  };
}

/** Builds the rtl433 type. */
export function createRtl433Type(settings: Rtl433TypeSettings = {}): DatasourceTypeDefinition {
  const command = settings.command ?? RTL433_COMMAND;

  async function open(definition: SourceDefinition, context: OpenContext): Promise<Capture> {
    const options = readRtl433Options(definition);
    const toPacket = (line: string) => linePacket(line, context.uuid);
    const { input } = options;
    if (input.kind === 'attach') return openAttachCapture(input.url, toPacket, context);
    // Checked when the source was added; a file gone since then will not come back by retrying.
    await checkNamedFiles(options).catch((error: unknown) => {
      throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', (error as Error).message, { cause: error });
    });
    return openHelperCapture(
      {
        command,
        args: rtl433Arguments(options),
        name: 'rtl_433',
        installHint: 'install the rtl-433 package, or set rtl433_command',
        parseLine: toPacket,
        classifyStderr: classifyRtl433Stderr,
        startupMs: input.kind === 'live' ? LIVE_STARTUP_MS : 0,
        anyExitFails: input.kind === 'live',
        info: captureInfo(definition, options),
      },
      context,
    );
  }

  return {
    name: RTL433_TYPE,
    description: 'sensors decoded by rtl_433: an RTL-SDR (rtl433-0, rtl433-<serial>, rtl_tcp=host:port), a recording (.cu8, ...), or attach=host:port',
    capabilities: { probe: true, list: true, local: true, remote: true, passive: false, tune: false, hop: false },
    options: RTL433_OPTIONS,
    async validate(definition) {
      await checkNamedFiles(readRtl433Options(definition));
    },
    async probe(definition) {
      if (definition.options.has('attach') || definition.options.has('rtl_tcp')) return true;
      if (/^rtl433(-|$)/i.test(definition.interface)) return true;
      return isRecordingName(definition.interface) && (await isFile(definition.interface));
    },
    async list(): Promise<ProbedInterface[]> {
      const dongles = await findRtlSdrDongles(settings.sysfsUsb ?? SYSFS_USB_DEVICES);
      return dongles.flatMap((dongle) => {
        const hardware = `${dongle.manufacturer} ${dongle.product}`.trim() || `RTL-SDR ${dongle.vendorProduct}`;
        const byIndex: ProbedInterface = { interface: `rtl433-${dongle.index}`, captureInterface: dongle.usbPath, hardware };
        // A serial that reads as an index cannot name the dongle: only the index is offered.
        const bySerial = dongle.serial && !isDongleIndex(dongle.serial) ? [{ interface: `rtl433-${dongle.serial}`, captureInterface: dongle.usbPath, hardware }] : [];
        return [byIndex, ...bySerial];
      });
    },
    open,
    uuidFor(definition) {
      const attach = definition.options.get('attach');
      const rtlTcp = definition.options.get('rtl_tcp');
      const identity = attach !== undefined ? `attach:${attach}` : rtlTcp !== undefined ? `rtl_tcp:${rtlTcp}` : isRecordingName(definition.interface) ? resolve(definition.interface) : definition.interface;
      return stableUuid(RTL433_TYPE, identity);
    },
  };
}

/** The rtl433 type's own options (`channel` is the generic one, read as a frequency). */
const RTL433_OPTIONS = {
  frequency: 'frequency to listen on: Hz, kHz, MHz or GHz (433.92MHz by default; also channel=)',
  gain: "tuner gain in dB (0 to 100) or 'auto'",
  ppm: 'frequency correction in parts per million (-1000 to 1000)',
  samplerate: 'sample rate (250k, 1024k, 2M)',
  protocols: 'rtl_433 decoders to enable, or disable with a minus ("40,41", -12)',
  flex: 'one flex decoder spec (rtl_433 -X)',
  conf: 'an rtl_433 config file (-c); none is read otherwise',
  format: 'input format of a recording whose name does not tell (cu8, cs16, ...)',
  attach: 'host:port or URL of an rtl_433 already running with -F http',
  rtl_tcp: 'host:port of an SDR served by rtl_tcp',
} as const;

/** The files a definition names (a recording, a config file) are readable regular files; checked before rtl_433 reads a byte. */
async function checkNamedFiles(options: Rtl433Options): Promise<void> {
  if (options.input.kind === 'replay') await checkSourceFile(options.input.path, 'rtl433 recording');
  if (options.configFile !== undefined) await checkSourceFile(options.configFile, 'rtl_433 config file');
}

function captureInfo(definition: SourceDefinition, options: Rtl433Options) {
  const channel = liveChannel(options);
  if (options.input.kind === 'replay') return { captureInterface: options.input.path, hardware: 'rtl_433 recording', dlt: 0 };
  return { captureInterface: definition.interface, hardware: 'rtlsdr', dlt: 0, channels: channel ? [channel] : [], channel };
}
