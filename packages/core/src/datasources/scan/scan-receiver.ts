/**
 * The reporters of scan reports as datasources: each `source_uuid` becomes a source of the
 * PHY's scan type (`dot11scan`, `bluetoothscan`), created on its first report and renamed when
 * the name changes, whose packets are the entries it reports, so reporters are listed, counted,
 * paused and closed like any other source. A closed reporter's source reopens with its next
 * report. Kismet makes one virtual source per reporter the same way (`datasource_scan.cc`).
 */
import type { DatasourceTracker } from '../datasource-tracker.js';
import { createPacketQueue, type PacketQueue } from '../packet-queue.js';
import type { ScanReport } from './scan-report.js';

/** Feeds scan reports into their reporters' sources. */
export class ScanReceiver {
  readonly #queues = new Map<string, PacketQueue>();

  /** `type` is the name of the PHY's scan source type (remote-capable, without `open`). */
  constructor(
    private readonly svc: { readonly datasources: DatasourceTracker },
    private readonly type: string,
  ) {}

  /** Queues the report's entries on its reporter's source; resolves with the source's UUID once they are queued. */
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
      type: this.type,
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
