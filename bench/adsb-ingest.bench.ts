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
import adsbPlugin, { ADSB_PHY_NAME, withModeSParity } from '@svc/plugin-adsb';

const MESSAGES = 1_000_000;
const AIRCRAFT = 2_000;
const ROUNDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `value` into `frame` at bit `first` over `width` bits (big-endian bit order). */
function put(frame: Uint8Array, first: number, width: number, value: number): void {
  for (let i = 0; i < width; i++) {
    const bit = first + i;
    if ((value >>> (width - 1 - i)) & 1) frame[bit >> 3]! |= 0x80 >> (bit & 7);
  }
}

/** A DF17 frame from `icao` with the 56-bit ME field filled by `me`. */
function extendedSquitter(icao: number, me: (frame: Uint8Array) => void): Uint8Array {
  const frame = new Uint8Array(14);
  put(frame, 0, 5, 17);
  put(frame, 5, 3, 5);
  put(frame, 8, 24, icao);
  me(frame);
  return withModeSParity(frame);
}

const CHARSET = '#ABCDEFGHIJKLMNOPQRSTUVWXYZ##### ###############0123456789######';
function identification(icao: number, callsign: string): Uint8Array {
  return extendedSquitter(icao, (frame) => {
    put(frame, 32, 5, 4);
    put(frame, 37, 3, 3);
    for (let i = 0; i < 8; i++) put(frame, 40 + 6 * i, 6, CHARSET.indexOf(callsign[i] ?? ' '));
  });
}
function position(icao: number, odd: boolean, index: number): Uint8Array {
  return extendedSquitter(icao, (frame) => {
    put(frame, 32, 5, 11);
    put(frame, 40, 12, 0x9c1); // 38 000 ft, 25-ft steps
    put(frame, 53, 1, odd ? 1 : 0);
    put(frame, 54, 17, (93000 + index * 37) & 0x1ffff);
    put(frame, 71, 17, (51000 + index * 53) & 0x1ffff);
  });
}
function velocity(icao: number): Uint8Array {
  return extendedSquitter(icao, (frame) => {
    put(frame, 32, 5, 19);
    put(frame, 37, 3, 1);
    put(frame, 46, 11, 301);
    put(frame, 57, 1, 1);
    put(frame, 58, 10, 101);
    put(frame, 69, 9, 33);
  });
}

/** A DF11 all-call reply from `icao` (capability 5, interrogator code 0). */
function allCallReply(icao: number): Uint8Array {
  const frame = new Uint8Array(7);
  put(frame, 0, 5, 11);
  put(frame, 5, 3, 5);
  put(frame, 8, 24, icao);
  return withModeSParity(frame);
}

function makeRecording(path: string): void {
  const lines: string[] = [];
  for (let i = 0; lines.length < MESSAGES; i++) {
    const plane = i % AIRCRAFT;
    const icao = 0x400000 + plane * 7;
    const round = Math.floor(i / AIRCRAFT);
    const kind = round % 4;
    const frame = kind === 0 ? identification(icao, `SVC${String(plane).padStart(4, '0')}`) : kind === 3 ? velocity(icao) : position(icao, kind === 2, plane);
    lines.push(`*${Buffer.from(frame).toString('hex')};`);
    if (i % 10 === 9 && lines.length < MESSAGES) lines.push(`*${Buffer.from(allCallReply(icao)).toString('hex')};`);
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
