/**
 * `@svc/plugin-uav/testing`: ASTM Remote ID messages and the frames drones send (Wi-Fi beacons
 * and NAN, Bluetooth LE legacy and extended advertising, DJI DroneID beacons), built byte by
 * byte, for tests and benchmarks of anything that takes drone input.
 */
export * from './remote-id-messages.js';
export * from './drone-frames.js';
