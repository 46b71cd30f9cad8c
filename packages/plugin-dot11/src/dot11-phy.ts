/**
 * The IEEE 802.11 PHY, declared in one place as Kismet's `phy_80211.cc` constructor declares
 * it: the name, the `dot11` device sub-record and its fields, the access point view, the WiGLE
 * row, the restore of the sub-record, the decoder (by module and export), the classifier, the
 * alerts, and the UI module with the Wi-Fi panels. The core registers all of it and taps the
 * packet chain on the plugin's behalf.
 */
import { packageFile, type PhyDefinition } from '@svc/core';
import { DOT11_ALERT_DEFINITIONS } from './alerts/alert-catalog.js';
import { Dot11Classifier } from './classify.js';
import { DOT11_LINK_TYPES } from './dot11-decoder.js';
import { ACCESS_POINT_VIEW, DOT11_PHY_NAME } from './dot11-names.js';
import { dot11DeviceFromRecord } from './device/dot11-restore.js';
import { dot11ComponentState } from './device/dot11-state.js';
import type { Dot11Device } from './device/dot11-device.js';
import { DOT11_DEVICE_FIELDS } from './device/fields.js';
import { ACCESS_POINT_BITS } from './device/typeset.js';
import { Dot11Events } from './events.js';
import { useElementParsers, type Dot11Frame } from './parse/decode.js';
import type { IeParserTable } from './parse/ie-parsers.js';
import type { ScannedNetwork } from './scan/scan-report.js';
import { dot11WigleRow } from './wigle-row.js';

declare module '@svc/core' {
  interface DeviceComponents {
    /** The 802.11 sub-record (`dot11.device`). */
    dot11: Dot11Device;
  }
  interface PacketAnnotations {
    /** The decoded 802.11 frame, from the PHY's decoder; released at the end of the chain. */
    dot11: Dot11Frame;
    /** A network a scan report listed (`/phy/phy80211/scan/scan_report.cmd`), set by the scan source. */
    dot11scan: ScannedNetwork;
  }
}

/** What the declaration depends on: the config and the element parsers other plugins added. */
export interface Dot11PhySettings {
  /** Whether the access point view is kept (`dot11_view_accesspoints`). */
  readonly accessPointView: boolean;
  /** Other plugins' element parsers (`getDot11Hooks(svc).ieParsers`), filled in the `fields` phase. */
  readonly parsers: IeParserTable;
}

/** The 802.11 PHY. */
export function dot11Phy({ accessPointView, parsers }: Dot11PhySettings): PhyDefinition {
  return {
    name: DOT11_PHY_NAME,
    description: 'IEEE 802.11 Wi-Fi',
    deviceComponent: { field: 'dot11.device', key: 'dot11', description: '802.11 sub-record', fields: DOT11_DEVICE_FIELDS },
    views: accessPointView
      ? [{ name: ACCESS_POINT_VIEW, description: 'IEEE802.11 Access Points', includes: (device) => ((device.components.dot11?.typeset ?? 0) & ACCESS_POINT_BITS) !== 0 }]
      : [],
    wigleRow: dot11WigleRow,
    restoreComponent: (record) => dot11DeviceFromRecord(record),
    componentState: dot11ComponentState,
    decoder: { module: new URL('./dot11-decoder.js', import.meta.url).href, exportName: 'decodeDot11Frame', annotation: 'dot11', linkTypes: DOT11_LINK_TYPES, transfer: { pack: 'packDot11Frame', unpack: 'unpackDot11Frame' } },
    classifier: {
      reads: ['dot11', 'dot11scan'],
      create(svc, phy) {
        const classifier = new Dot11Classifier(svc.devices, phy, new Dot11Events(svc));
        return (packet) => {
          const frame = packet.annotations.dot11;
          if (frame !== undefined) {
            if (!parsers.empty && packet.data !== undefined) useElementParsers(frame, packet.data, parsers);
            classifier.classify(packet, frame);
            return;
          }
          const scanned = packet.annotations.dot11scan;
          if (scanned !== undefined) classifier.scanned(packet, scanned);
        };
      },
    },
    alerts: DOT11_ALERT_DEFINITIONS,
    ui: {
      name: 'dot11',
      description: "Wi-Fi panels of a device's detail (SSIDs with encryption, clients and access points, WPA handshakes), and the default columns of the 802.11 views",
      file: packageFile(import.meta.url, 'dist/ui/dot11.js'),
    },
  };
}
