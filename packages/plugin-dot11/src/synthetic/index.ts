/**
 * `@svc/plugin-dot11/synthetic`: svc's own 802.11 capture generator, for its demo, its tests on
 * a fresh clone (no third-party capture needed) and its benchmarks: frame and element builders,
 * radio headers, real WPA2 handshakes, DHCP over open networks, scenes turned into captures, and
 * large synthetic captures.
 */
export * from './frame-builders.js';
export * from './information-elements.js';
export * from './radio-headers.js';
export * from './wpa-handshake.js';
export { sceneFrames, sceneRecords, type Scene, type SceneFrame, type SceneNetwork, type SceneSecurity, type SceneStation } from './scene.js';
export { DEMO_PASSPHRASE, DEMO_SCENE } from './demo-scene.js';
export { pcapFile, pcapHeader, pcapRecord, type TimedFrame } from '../pcap/pcap-writer.js';
export { bulkCapturePath, generateBulkCapture, writeBulkCapture, type BulkAccessPoint, type BulkCaptureOptions, type BulkCaptureSummary, type BulkSecurity } from './bulk-capture.js';
export { demoCapture, DEMO_CAPTURES, DHCP_CAPTURE, dhcpReferenceName, referenceName, TEST_BULK_CAPTURE } from './kept-data.js';
export * from './dhcp-frames.js';
export { DHCP_SCENE, dhcpCapture, dhcpSceneFrames } from './dhcp-scene.js';
