/**
 * The reporters of scan reports as datasources: each `source_uuid` becomes a `dot11scan` source
 * (created on its first report, renamed when the name changes) whose packets are the networks
 * it reports, so reporters are listed, counted, paused and closed like any other source. A
 * closed reporter's source reopens with its next report.
 */
import { createPacketQueue, type DatasourceTypeDefinition, type PacketQueue, type Service } from '@svc/core';
import type { ScanReport } from './scan-report.js';

/** Type name of scan-report sources. */
export const SCAN_SOURCE_TYPE = 'dot11scan';

/** The type: sources exist only through scan reports, never opened from a definition. */
export const scanSourceType: DatasourceTypeDefinition = {
  name: SCAN_SOURCE_TYPE,
  description: 'Wi-Fi scan results posted by a phone or microcontroller to /phy/phy80211/scan/scan_report.cmd',
  capabilities: { probe: false, list: false, local: false, remote: true, passive: true, tune: false, hop: false },
  options: {},
};

/** Feeds scan reports into their reporters' sources. */
export class ScanReceiver {
  readonly #queues = new Map<string, PacketQueue>();

  constructor(private readonly svc: Pick<Service, 'datasources'>) {}

  /** Queues the report's networks on its reporter's source; resolves once they are queued. */
  async receive(report: ScanReport): Promise<string> {
    const queue = await this.#queueFor(report);
    for (const packet of report.packets) {
      packet.sourceUuid = report.sourceUuid;
      if (!queue.push(packet)) await queue.drained();
    }
    return report.sourceUuid;
  }

  async #queueFor(report: ScanReport): Promise<PacketQueue> {
    const source = this.svc.datasources.get(report.sourceUuid);
    const queue = this.#queues.get(report.sourceUuid);
    if (queue && source?.running && source.definition.interface === report.sourceName) return queue;
    let opened: PacketQueue | undefined;
    await this.svc.datasources.remote.bind({
      uuid: report.sourceUuid,
      type: SCAN_SOURCE_TYPE,
      // A report's own timestamps are kept (override_remote_timestamp is for capture tools).
      definition: `${report.sourceName}:timestamp=false`,
      remoteIp: '',
      opener: async () => {
        const fresh = (opened = createPacketQueue());
        return {
          info: { captureInterface: report.sourceName, hardware: 'scan reports' },
          packets: fresh.batches,
          close: async () => {
            fresh.end();
            if (this.#queues.get(report.sourceUuid) === fresh) this.#queues.delete(report.sourceUuid);
          },
        };
      },
    });
    if (!opened) throw new Error(`the source for scan reporter ${report.sourceName} did not open`);
    this.#queues.set(report.sourceUuid, opened);
    return opened;
  }
}
