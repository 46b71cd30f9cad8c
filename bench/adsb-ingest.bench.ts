/**
 * Aircraft ingest (issue 34: Mode S decode and tracking at 300,000 messages a second or more
 * from an AVR file; a busy receiver sees about 5,000). The input is an AVR recording made here:
 * 1,000,000 DF17 extended squitters from 2,000 aircraft in turn (identification, airborne
 * positions even and odd, velocities), each with a correct CRC, plus one DF11 all-call reply in
 * ten. Each round replays it with an `adsb` source into a fresh service with the built plugin
 * and measures from adding the source until every frame is counted, with every aircraft
 * tracked and positioned. Prints figures only.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import adsbPlugin, { ADSB_PHY_NAME } from '@svc/plugin-adsb';
import { airbornePosition, allCallReply, groundVelocity, identification } from '@svc/plugin-adsb/testing';

const MESSAGES = 1_000_000;
const AIRCRAFT = 2_000;
const ROUNDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function makeRecording(path: string): void {
  const lines: string[] = [];
  for (let i = 0; lines.length < MESSAGES; i++) {
    const plane = i % AIRCRAFT;
    const icao = 0x400000 + plane * 7;
    const round = Math.floor(i / AIRCRAFT);
    const kind = round % 4;
    const frame =
      kind === 0 ? identification(icao, `SVC${String(plane).padStart(4, '0')}`) : kind === 3 ? groundVelocity(icao) : airbornePosition(icao, kind === 2, 93000 + plane * 37, 51000 + plane * 53);
    lines.push(`*${frame.toString('hex')};`);
    if (i % 10 === 9 && lines.length < MESSAGES) lines.push(`*${allCallReply(icao).toString('hex')};`);
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

const path = join(tmpdir(), `svc-bench-avr-${MESSAGES}.txt`);
if (!existsSync(path)) makeRecording(path);

const rates: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const t = await createTestService({ plugins: [adsbPlugin], log: createLogger({ level: 'error' }) });
  const started = performance.now();
  const source = await t.svc.datasources.add(`${path}:type=adsb`);
  while (source.numPackets < MESSAGES) await sleep(5);
  const seconds = (performance.now() - started) / 1000;
  rates.push(MESSAGES / seconds);
  const aircraft = t.svc.devices.phy(ADSB_PHY_NAME)!.deviceCount;
  if (aircraft !== AIRCRAFT) throw new Error(`${aircraft} aircraft tracked, ${AIRCRAFT} expected`);
  await t.close();
}
rates.sort((a, b) => a - b);
console.log(
  `AVR replay, Mode S decode and tracking: median ${Math.round(rates[1]!).toLocaleString('en')} messages/s (rounds ${rates.map((rate) => Math.round(rate).toLocaleString('en')).join(', ')}; ${MESSAGES.toLocaleString('en')} messages, ${AIRCRAFT.toLocaleString('en')} aircraft, target 300,000)`,
);
