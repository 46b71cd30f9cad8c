/**
 * The ingest filter's cost on 802.11 ingest (issue 22: at 300k frames/s, a filter list of 1,000
 * entries costs under 10 % of ingest). The variant of dot11-ingest.bench.ts: the same
 * 1,000,000-frame capture (10,000 devices, 30 % of the clients on randomized MACs, data frames
 * to randomized receivers; the generator gives the access points locally administered MACs
 * too), replayed into a fresh service per round, rounds interleaved:
 *   - no rules,
 *   - 1,000 rules that match none of the capture's devices (600 MACs, 300 OUIs, 50 /32 and
 *     50 /40 masks, on every PHY and on IEEE802.11),
 *   - the same 1,000 plus `any,randomized,block`, which drops every frame from or to a
 *     randomized MAC (so every frame naming an access point).
 * Prints frames per second per setting, the cost against no rules, and what the blocking rule
 * dropped; then the lookup itself against the 1,000 rules, and what the lookups of one replay
 * cost. The tracker asks the filter only about MACs it does not track, so a replay makes one
 * lookup per device created and one per packet dropped; on this shared machine that figure is
 * steadier than the difference of two replay rates.
 */
import { createLogger, formatMac, IngestFilter, parseFilterMatch, type FilterAction, type PhyState } from '@svc/core';
import { createTestService, seededRandom } from '@svc/core/testing';
import dot11Plugin from '@svc/plugin-dot11';
import { BIG_CAPTURE_FRAMES, bigCapture } from './big-capture.js';

const FRAMES = BIG_CAPTURE_FRAMES;
const ROUNDS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const capture = bigCapture();

/** 1,000 rules none of the capture's MACs fall under: first octets the generator never uses, globally administered. */
function unmatchedRules(): { phy: string; match: string; action: FilterAction }[] {
  const random = seededRandom(22);
  const firstOctets = [0x08, 0x10, 0x18, 0x28, 0x30, 0x38, 0x40, 0x48, 0x58, 0x60];
  const rules: { phy: string; match: string; action: FilterAction }[] = [];
  const seen = new Set<string>();
  const octet = () => Math.floor(random() * 256);
  while (rules.length < 1000) {
    const index = rules.length;
    const mac = [firstOctets[index % firstOctets.length]!, octet(), octet(), octet(), octet(), octet()];
    let match: string;
    if (index < 600) match = formatMac(mac.reduce((value, byte) => value * 256 + byte, 0));
    else if (index < 900) match = mac.slice(0, 3).map((byte) => byte.toString(16).padStart(2, '0')).join(':');
    else {
      const bits = index < 950 ? 32 : 40;
      const base = Math.floor(mac.reduce((value, byte) => value * 256 + byte, 0) / 2 ** (48 - bits)) * 2 ** (48 - bits);
      match = `${formatMac(base)}/${bits}`;
    }
    if (seen.has(match)) continue;
    seen.add(match);
    rules.push({ phy: index % 2 ? 'IEEE802.11' : 'any', match, action: index % 3 ? 'block' : 'pass' });
  }
  return rules;
}

const settings = [
  { name: 'no rules', rules: [] as ReturnType<typeof unmatchedRules> },
  { name: '1,000 rules matching nothing', rules: unmatchedRules() },
  { name: '1,000 rules + randomized blocked', rules: [...unmatchedRules(), { phy: 'any', match: 'randomized', action: 'block' as const }] },
];
const rates = new Map<string, number[]>();
const lookupsPerReplay = new Map<string, number>();
const replaySeconds: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const setting of settings) {
    const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
    if (setting.rules.length) t.svc.filters.add(setting.rules.map((rule) => ({ phy: rule.phy, match: parseFilterMatch(rule.match), action: rule.action })));
    const started = performance.now();
    const source = await t.svc.datasources.add(`${capture}:name=big`);
    while (source.numPackets < FRAMES && source.state !== 'error') await sleep(2);
    const seconds = (performance.now() - started) / 1000;
    if (source.numPackets !== FRAMES) throw new Error(`the replay stopped at ${source.numPackets} frames: ${source.state}`);
    const rate = FRAMES / seconds;
    (rates.get(setting.name) ?? rates.set(setting.name, []).get(setting.name)!).push(rate);
    const randomized = t.svc.filters.rules().find((rule) => rule.match.kind === 'randomized');
    // Every touch of a MAC the tracker does not hold is a lookup: each created device, each dropped packet.
    lookupsPerReplay.set(setting.name, t.svc.devices.size + t.svc.devices.evicted + t.svc.filters.droppedPackets);
    replaySeconds.push(seconds);
    console.log(
      `round ${round + 1}, ${setting.name}: ${Math.round(rate).toLocaleString('en')} frames/s; ${t.svc.devices.size.toLocaleString('en')} devices` +
        (randomized ? `; randomized rule dropped ${randomized.droppedPackets.toLocaleString('en')} frames, ${randomized.droppedDevices.toLocaleString('en')} MACs` : '') +
        `; filter dropped ${t.svc.filters.droppedPackets.toLocaleString('en')} frames in all`,
    );
    await t.close();
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const base = median(rates.get('no rules')!);
for (const setting of settings) {
  const value = median(rates.get(setting.name)!);
  const change = ((value - base) / base) * 100;
  const versus = change < 0 ? `${(-change).toFixed(1)} % slower than no rules` : `${change.toFixed(1)} % faster than no rules`;
  console.log(`ingest filter, ${setting.name}: median ${Math.round(value).toLocaleString('en')} frames/s (${setting.name === 'no rules' ? 'baseline' : `${versus}; the target is a cost under 10 %`})`);
}

// The lookup itself, as the tracker makes it for a MAC it does not track yet.
const filter = new IngestFilter({ log: createLogger({ write: () => {} }), defaultAction: 'pass', hasPhy: () => true });
filter.add(unmatchedRules().map((rule) => ({ phy: rule.phy, match: parseFilterMatch(rule.match), action: rule.action })));
const phy: PhyState = { name: 'IEEE802.11', description: '', id: 1, keyPrefix: '', deviceCount: 0, packetCount: 0 };
const random = seededRandom(1);
const macs = Array.from({ length: 1 << 16 }, () => Math.floor(random() * 2 ** 48));
let blocked = 0;
const lookups = 5_000_000;
const started = performance.now();
for (let index = 0; index < lookups; index++) if (filter.blocking(phy, macs[index & 0xffff]!)) blocked++;
const seconds = (performance.now() - started) / 1000;
const perLookup = seconds / lookups;
console.log(`ingest filter lookup, 1,000 rules (600 MACs, 300 OUIs, 100 masks): ${Math.round(lookups / seconds).toLocaleString('en')} lookups/s = ${(perLookup * 1e9).toFixed(0)} ns each (${blocked} of ${lookups.toLocaleString('en')} random MACs blocked)`);
const replay = median(replaySeconds);
for (const setting of settings.slice(1)) {
  const count = lookupsPerReplay.get(setting.name)!;
  console.log(`  ${setting.name}: ${count.toLocaleString('en')} lookups a replay = ${(count * perLookup * 1000).toFixed(1)} ms of a ${replay.toFixed(2)} s replay (${((count * perLookup) / replay * 100).toFixed(2)} %)`);
}
