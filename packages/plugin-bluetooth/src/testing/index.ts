/**
 * `@svc/plugin-bluetooth/testing`: HCI events and btsnoop or pcap files built byte by byte, for
 * tests and benchmarks of anything that takes Bluetooth input.
 */
export * from './hci-frames.js';
