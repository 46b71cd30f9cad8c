/**
 * The `btsnoop` datasource type: replays a btsnoop file (Android's `btsnoop_hci.log`, BlueZ's
 * `btmon -w`) into the packet chain with the file's own timestamps, so the devices the host's
 * controller reported become devices exactly as the live adapter makes them. As fast as the
 * server takes it by default; `realtime=true` keeps the gaps between records; `pps=N` paces to
 * N records a second. At the end of the file the source stays open, idle, as `pcapfile` does.
 * Probing says yes to an existing regular file that starts with the btsnoop header, so
 * `svc start -c btsnoop_hci.log` finds this type.
 */
import { resolve } from 'node:path';
import { readReplayPacing, REPLAY_OPTIONS, replayFile, SvcError, stableUuid, type Capture, type DatasourceTypeDefinition, type OpenContext, type Packet, type SourceDefinition } from '@svc/core';
import { BtsnoopFile, BtsnoopFileError, type BtsnoopFrame } from './btsnoop-file.js';

/** Type name. */
export const BTSNOOP_TYPE = 'btsnoop';

/** The btsnoop datasource type. */
export const btsnoopType: DatasourceTypeDefinition = {
  name: BTSNOOP_TYPE,
  description: "replays a btsnoop HCI log (Android's btsnoop_hci.log, btmon -w; realtime=true keeps its timing, pps=N paces it)",
  capabilities: { probe: true, list: false, local: true, remote: false, passive: false, tune: false, hop: false, replay: true },
  options: REPLAY_OPTIONS,
  validate: async (definition) => {
    readReplayPacing(definition, BTSNOOP_TYPE);
    try {
      await (await BtsnoopFile.open(definition.interface)).close();
    } catch (error) {
      throw new SvcError('SVC_ERR_BAD_DEFINITION', (error as Error).message, { cause: error });
    }
  },
  probe: async (definition) => {
    try {
      await (await BtsnoopFile.open(definition.interface)).close();
      return true;
    } catch {
      return false;
    }
  },
  uuidFor: (definition) => stableUuid(BTSNOOP_TYPE, resolve(definition.interface)),
  open: openBtsnoop,
};

async function openBtsnoop(definition: SourceDefinition, context: OpenContext): Promise<Capture> {
  const pacing = readReplayPacing(definition, BTSNOOP_TYPE);
  let file: BtsnoopFile;
  try {
    file = await BtsnoopFile.open(definition.interface);
  } catch (error) {
    throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', (error as Error).message, { cause: error });
  }
  const uuid = context.uuid;
  const toPacket = (frame: BtsnoopFrame): Packet => ({ tsSec: frame.tsSec, tsUsec: frame.tsUsec, sourceUuid: uuid, dlt: frame.linkType, data: frame.data, annotations: {} });
  const replay = replayFile(file, pacing, context, toPacket, { unit: 'record', truncated: 'a truncated log', isCorrupt: (error) => error instanceof BtsnoopFileError });
  return { info: { captureInterface: file.path, dlt: file.linkType, hardware: `btsnoop file (datalink ${file.datalink})` }, ...replay };
}
