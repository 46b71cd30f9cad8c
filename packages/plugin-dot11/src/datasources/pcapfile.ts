/**
 * The `pcapfile` datasource type (kismet-reference 5.4): replays a pcap or pcapng file into the
 * packet chain with the file's own timestamps. As fast as the server takes it by default;
 * `realtime=true` keeps the gaps between the capture's timestamps; `pps=N` paces to N frames a
 * second. At the end of the file the source stays open, idle, as Kismet's does. Probing says
 * yes to an existing regular file that starts like a capture file.
 */
import { resolve } from 'node:path';
import { readReplayPacing, REPLAY_OPTIONS, replayFile, SvcError, stableUuid, type Capture, type DatasourceTypeDefinition, type OpenContext, type Packet, type SourceDefinition } from '@svc/core';
import { CaptureFile, CaptureFileError, type CaptureFrame } from '../pcap/capture-file.js';

/** Type name, as Kismet spells it. */
export const PCAPFILE_TYPE = 'pcapfile';

/** The pcapfile datasource type. */
export const pcapfileType: DatasourceTypeDefinition = {
  name: PCAPFILE_TYPE,
  description: 'replays a pcap or pcapng capture file (realtime=true keeps its timing, pps=N paces it)',
  capabilities: { probe: true, list: false, local: true, remote: true, passive: false, tune: false, hop: false, replay: true },
  options: REPLAY_OPTIONS,
  validate: async (definition) => {
    readReplayPacing(definition, PCAPFILE_TYPE);
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

async function openPcapfile(definition: SourceDefinition, context: OpenContext): Promise<Capture> {
  const pacing = readReplayPacing(definition, PCAPFILE_TYPE);
  let file: CaptureFile;
  try {
    file = await CaptureFile.open(definition.interface);
  } catch (error) {
    // The file was fine when the source was added; now it is gone or is no capture: no retry helps.
    throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', (error as Error).message, { cause: error });
  }
  const uuid = context.uuid;
  const toPacket = (frame: CaptureFrame): Packet => ({ tsSec: frame.tsSec, tsUsec: frame.tsUsec, sourceUuid: uuid, dlt: frame.linkType, data: frame.data, annotations: {} });
  const replay = replayFile(file, pacing, context, toPacket, { unit: 'frame', truncated: 'a truncated capture', isCorrupt: (error) => error instanceof CaptureFileError });
  return { info: { captureInterface: file.path, dlt: file.linkType, hardware: `${file.format} file` }, ...replay };
}
