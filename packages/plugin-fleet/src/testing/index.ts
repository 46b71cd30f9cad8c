/**
 * `@svc/plugin-fleet/testing`: real NATS servers with JetStream, alone or as a cluster, for tests.
 */
export { startNatsServer, startNatsCluster, NATS_SERVER, type TestNatsServer, type TestNatsAuth } from './nats-server.js';
export { readFleetStreams, type FleetStreamReader } from './fleet-streams.js';
