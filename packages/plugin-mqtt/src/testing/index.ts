/**
 * `@svc/plugin-mqtt/testing`: a real Mosquitto broker and its command line clients for tests.
 */
export { startMosquitto, subscribe, publish, MOSQUITTO, type TestBroker, type TestSubscriber, type ReceivedMessage } from './mosquitto.js';
