/**
 * The `pcapfile` datasource type (kismet-reference 5.4): replays a pcap or pcapng file into the
 * packet chain with the file's own timestamps. As fast as the server takes it by default;
 * `realtime=true` keeps the gaps between the capture's timestamps; `pps=N` paces to N frames a
 * second. At the end of the file the source stays open, idle, as Kismet's does. Probing says
 * yes to an existing regular file that starts like a capture file.
 */
import { resolve } from 'node:path';
import { parseBoolean, SvcError, stableUuid, type Capture, type DatasourceTypeDefinition, type OpenContext, type Packet, type SourceDefinition } from '@svc/core';
import { CaptureFile, CaptureFileError, type CaptureFrame } from '../pcap/capture-file.js';

/** Type name, as Kismet spells it. */
export const PCAPFILE_TYPE = 'pcapfile';

/** How to pace a replay. */
type Pacing = { readonly kind: 'fast' } | { readonly kind: 'realtime' } | { readonly kind: 'pps'; readonly pps: number };

/** Slowest pace `pps=` takes: one frame every 1000 s. */
const MIN_PPS = 0.001;

/** The longest single timer wait (setTimeout's range); longer waits are made of several. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The pcapfile datasource type. */
export const pcapfileType: DatasourceTypeDefinition = {
  name: PCAPFILE_TYPE,
  description: 'replays a pcap or pcapng capture file (realtime=true keeps its timing, pps=N paces it)',
  capabilities: { probe: true, list: false, local: true, remote: true, passive: false, tune: false, hop: false },
  options: {
    realtime: "true to keep the gaps between the capture's timestamps",
    pps: `replay at N frames a second (${MIN_PPS} or more); not with realtime`,
  },
  validate: async (definition) => {
    readPacing(definition);
    try {
      await (await CaptureFile.open(definition.interface)).close();
    } catch (error) {
      throw new SvcError('SVC_ERR_BAD_DEFINITION', (error as Error).message, { cause: error });
    }
  },
  probe: async (definition) => isCaptureFile(definition.interface),
  uuidFor: (definition) => stableUuid(PCAPFILE_TYPE, resolve(definition.interface)),
  open: openPcapfile,
};

/** Whether the path is a regular file that starts like a pcap or pcapng file (the reader's own check). */
async function isCaptureFile(path: string): Promise<boolean> {
  try {
    await (await CaptureFile.open(path)).close();
    return true;
  } catch {
    return false;
  }
}

function readPacing(definition: SourceDefinition): Pacing {
  const realtime = definition.options.get('realtime');
  const pps = definition.options.get('pps');
  if (realtime !== undefined && pps !== undefined) throw new SvcError('SVC_ERR_BAD_DEFINITION', 'pcapfile takes realtime=true or pps=N, not both');
  if (pps !== undefined) {
    const rate = Number(pps);
    if (!Number.isFinite(rate) || rate < MIN_PPS) throw new SvcError('SVC_ERR_BAD_DEFINITION', `pcapfile option pps must be a number of frames per second, ${MIN_PPS} or more, got '${pps}'`);
    return { kind: 'pps', pps: rate };
  }
  if (realtime === undefined) return { kind: 'fast' };
  const honour = parseBoolean(realtime);
  if (honour === undefined) throw new SvcError('SVC_ERR_BAD_DEFINITION', `pcapfile option realtime must be true or false, got '${realtime}'`);
  return { kind: honour ? 'realtime' : 'fast' };
}

async function openPcapfile(definition: SourceDefinition, context: OpenContext): Promise<Capture> {
  const pacing = readPacing(definition);
  let file: CaptureFile;
  try {
    file = await CaptureFile.open(definition.interface);
  } catch (error) {
    // The file was fine when the source was added; now it is gone or is no capture: no retry helps.
    throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', (error as Error).message, { cause: error });
  }
  let closed = false;
  const uuid = context.uuid;
  const toPacket = (frame: CaptureFrame): Packet => ({ tsSec: frame.tsSec, tsUsec: frame.tsUsec, sourceUuid: uuid, dlt: frame.linkType, data: frame.data, annotations: {} });

  async function* replay(): AsyncGenerator<Packet[]> {
    let count = 0;
    const clock = new ReplayClock(pacing);
    try {
      for await (const frames of file.frames()) {
        for (const slice of clock.slices(frames)) {
          if (closed) return;
          await clock.wait(slice[0]!, count);
          if (closed) return;
          count += slice.length;
          yield slice.map(toPacket);
        }
      }
    } catch (error) {
      // Corrupt in the middle: the frames before the corruption were read once; replaying the
      // file again would only count them again, so the failure is permanent.
      if (error instanceof CaptureFileError) throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', `${error.message}; the ${count} frames before it were read`, { cause: error });
      throw error;
    } finally {
      await file.close();
    }
    if (file.truncated) context.message(`${file.path} ends inside a frame (a truncated capture); the ${count} frames before it were read`, 'error');
    context.message(`replayed ${count} frames from ${file.path}`);
  }

  return {
    info: { captureInterface: file.path, dlt: file.linkType, hardware: `${file.format} file` },
    packets: replay(),
    async close() {
      closed = true;
      await file.close();
    },
  };
}

/** Splits a replay into batches and waits between them as the pacing asks. */
class ReplayClock {
  #startMs = 0;
  #firstCaptureMs: number | undefined;

  constructor(private readonly pacing: Pacing) {}

  /** Batches: the reader's own when replaying fast; a hundredth of a second's worth otherwise. */
  *slices(frames: CaptureFrame[]): Generator<CaptureFrame[]> {
    if (this.pacing.kind === 'fast') {
      yield frames;
      return;
    }
    const size = this.pacing.kind === 'pps' ? Math.max(1, Math.floor(this.pacing.pps / 100)) : 1;
    for (let at = 0; at < frames.length; at += size) yield frames.slice(at, at + size);
  }

  /** Waits until `frame` (the `index`th of the replay) is due. */
  async wait(frame: CaptureFrame, index: number): Promise<void> {
    if (this.pacing.kind === 'fast') return;
    const now = performance.now();
    if (index === 0) this.#startMs = now;
    let dueMs: number;
    if (this.pacing.kind === 'pps') {
      dueMs = this.#startMs + (index / this.pacing.pps) * 1000;
    } else {
      const captureMs = frame.tsSec * 1000 + frame.tsUsec / 1000;
      this.#firstCaptureMs ??= captureMs;
      dueMs = this.#startMs + Math.max(0, captureMs - this.#firstCaptureMs);
    }
    for (let wait = dueMs - now; wait > 0; wait = dueMs - performance.now()) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, MAX_TIMER_MS)));
    }
  }
}
