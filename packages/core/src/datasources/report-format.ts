/**
 * Formats of the reports a datasource receives as JSON objects from outside svc (a message on
 * an MQTT broker, a line a bridge forwards), contributed through the `reportFormats` hook by
 * the plugin that reads them: a serial sniffer's device reports, rtl_433's events. A source
 * that carries reports (the `mqtt` type) asks the formats in turn which one a report is, so it
 * knows no PHY and no other plugin; a report no format claims is an error packet on the source.
 */
import type { Packet } from '../packets/packet.js';

/** A report format contributed through the `reportFormats` hook. */
export interface ReportFormatDefinition {
  /** Name (`serialjson`, `rtl433`), for listings and errors. */
  readonly name: string;
  /** What such a report is, for the error of a report no format claims ("an rtl_433 event (model)"). */
  readonly description: string;
  /** Whether a report is of this format, by its keys; formats are asked in the order they were added. */
  matches(report: Readonly<Record<string, unknown>>): boolean;
  /** The report as a packet (`text` is its JSON as received); throws with the reason when it is malformed. */
  packet(text: string, sourceUuid: string): Packet;
}
