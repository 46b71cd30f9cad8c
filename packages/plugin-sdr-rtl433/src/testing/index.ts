/**
 * `@svc/plugin-sdr-rtl433/testing`: what tests of rtl_433 sensors are built with, in this
 * package and in those that meet its sensors (MQTT, the command line): a real rtl_tcp server
 * that streams a recording to the real rtl_433, references read as messages, and the name and
 * readings svc must show for a message.
 */
export { expectedReadings, readPath } from './expected-readings.js';
export { expectedSensorName, messagesBySensor, readRtl433Lines, sensorKey, withoutTime, type ReferenceMessage } from './rtl433-reference.js';
export { startRtlTcpServer, type RtlTcpCommand, type RtlTcpServer } from './rtl-tcp-server.js';
