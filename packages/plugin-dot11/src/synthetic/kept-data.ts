/**
 * The synthetic captures svc keeps in its repository (`test-data/dot11/`: the demo scene, the
 * DHCP capture) and the tests that need a large capture generate on the fly: their names, how each is made, and where the
 * references tshark made of them are kept. One list, read by the script that remakes them and
 * by the test that checks the kept files are exactly what the generator makes.
 */
import { DEMO_SCENE } from './demo-scene.js';
import { dhcpCapture } from './dhcp-scene.js';
import { LinkType, type LinkTypeNumber } from './radio-headers.js';
import { sceneFrames, sceneRecords } from './scene.js';
import { pcapFile } from '../pcap/pcap-writer.js';
import type { BulkCaptureOptions } from './bulk-capture.js';

/** The demo scene under each radio header, by file name. */
export const DEMO_CAPTURES: Readonly<Record<string, LinkTypeNumber>> = {
  'svc-demo-scene.pcap': LinkType.RADIOTAP,
  'svc-demo-scene-ppi.pcap': LinkType.PPI,
  'svc-demo-scene-bare.pcap': LinkType.IEEE802_11,
};

/** The demo scene as a pcap file under `linkType`. */
export function demoCapture(linkType: LinkTypeNumber): Buffer {
  return pcapFile(linkType, sceneRecords(sceneFrames(DEMO_SCENE), linkType));
}

/** svc's DHCP capture (`dhcp-scene.ts`), by file name, with how it is made. */
export const DHCP_CAPTURE = { name: 'svc-dhcp-clients.pcap', make: dhcpCapture } as const;

/** Where tshark's DHCP reference of a capture is kept: beside it, `.tshark-dhcp.json`. */
export const dhcpReferenceName = (capture: string): string => capture.replace(/\.(pcap|cap)$/, '.tshark-dhcp.json');

/** The bulk capture the tests with many devices replay: 10 000 frames among 1 000 devices. */
export const TEST_BULK_CAPTURE: BulkCaptureOptions & { readonly name: string } = { name: 'svc-bulk-10k.pcap', frames: 10_000, devices: 1_000, seed: 1 };

/** Where tshark's reference of a capture is kept: beside it, `.tshark.json` for the capture's extension. */
export const referenceName = (capture: string): string => capture.replace(/\.(pcap|cap)$/, '.tshark.json');
