/**
 * What MQTT out costs ingest (issue 23): the 802.11 ingest of `dot11-ingest.bench.ts` (svc's
 * own bulk generator's 1,000,000-frame capture, 10,000 devices, made once and cached in the temp
 * dir) into a fresh service, without MQTT out, and with MQTT out publishing to a real Mosquitto
 * on a free loopback port (QoS 1) with the default device interval (10 s) and with a 1 s
 * interval (every device published every second), in alternating rounds. The broker runs on
 * the same machine, so its CPU is taken from the same cores. Prints frames per second of each,
 * and what MQTT out sent and dropped. `npm run bench` runs it under the node flags `svc` runs with.
 */
import { createLogger } from '@svc/core';
import { BIG_CAPTURE_FRAMES, bigCapture } from './big-capture.js';
import { createTestService } from '@svc/core/testing';
import dot11Plugin from '@svc/plugin-dot11';
import mqttPlugin from '@svc/plugin-mqtt';
import { startMosquitto } from '@svc/plugin-mqtt/testing';

const FRAMES = BIG_CAPTURE_FRAMES;
const ROUNDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const capture = bigCapture();

const broker = await startMosquitto();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One replay; with a device interval, MQTT out publishes to the broker. */
async function round(interval: number | undefined): Promise<number> {
  const mqtt = interval !== undefined;
  const config: Record<string, string> = mqtt ? { mqtt_broker: broker.url, mqtt_device_interval: String(interval), server_name: 'bench' } : {};
  const t = await createTestService({ plugins: mqtt ? [dot11Plugin, mqttPlugin] : [dot11Plugin], config, log: createLogger({ write: () => {} }) });
  await t.svc.start();
  if (mqtt) while (((await (await t.request('/mqtt/status.json')).json()) as Record<string, unknown>)['svc.mqtt.state'] !== 'connected') await sleep(20);
  const started = performance.now();
  const source = await t.svc.datasources.add(`${capture}:name=big`);
  while (source.numPackets < FRAMES && source.state !== 'error') await sleep(2);
  const seconds = (performance.now() - started) / 1000;
  if (source.numPackets !== FRAMES) throw new Error(`the replay stopped at ${source.numPackets} frames: ${source.state}`);
  let detail = '';
  if (mqtt) {
    // Let the devices changed in the last interval go out, then read what was published.
    await sleep(interval * 1000 + 500);
    const status = (await (await t.request('/mqtt/status.json')).json()) as Record<string, number>;
    detail = `; MQTT out sent ${status['svc.mqtt.sent']!.toLocaleString('en')} messages, dropped ${status['svc.mqtt.dropped']}, ${status['svc.mqtt.queued']} queued`;
  }
  console.log(`${mqtt ? `with MQTT out, devices every ${interval} s` : 'without MQTT out'}: ${FRAMES.toLocaleString('en')} frames in ${seconds.toFixed(2)} s = ${Math.round(FRAMES / seconds).toLocaleString('en')} frames/s${detail}`);
  await t.close();
  return FRAMES / seconds;
}

const modes = [undefined, 10, 1] as const;
const rates = new Map<number | undefined, number[]>(modes.map((mode) => [mode, []]));
for (let index = 0; index < ROUNDS; index++) for (const mode of modes) rates.get(mode)!.push(await round(mode));
await broker.stop();
const plain = median(rates.get(undefined)!);
const figure = (mode: number | undefined) => `${Math.round(median(rates.get(mode)!)).toLocaleString('en')} frames/s (${((median(rates.get(mode)!) / plain) * 100).toFixed(0)} %)`;
console.log(`dot11 ingest, median: without MQTT out ${Math.round(plain).toLocaleString('en')} frames/s; with MQTT out to Mosquitto, devices every 10 s (default) ${figure(10)}, every 1 s ${figure(1)}`);
