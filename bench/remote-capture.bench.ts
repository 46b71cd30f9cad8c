/**
 * Remote capture throughput (issue: at least 100,000 packets per second from `svc capture` over
 * a loopback websocket into the server's packet chain, without loss). The server runs here with
 * the test PHY; `svc capture` runs as its own process (the built CLI) with a test source that
 * produces as fast as the connection takes and ends after a fixed count. Each round measures
 * from the first packet the server counts to the last, and checks that every packet arrived.
 * Prints figures only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, stableUuid } from '@svc/core';
import { createTestDatasource, createTestService, testPhyPlugin } from '@svc/core/testing';

const PACKETS = 1_000_000;
const ROUNDS = 3;
const cli = fileURLToPath(new URL('../packages/cli/bin/run.js', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const t = await createTestService({ plugins: [testPhyPlugin, createTestDatasource().plugin], log: createLogger({ write: () => {} }) });
const port = Number(new URL((await t.svc.start()).url).port);
const apiKey = await (await t.command('/auth/apikey/generate.cmd', { name: 'bench', role: 'datasource' })).text();
const toolDir = mkdtempSync(join(tmpdir(), 'svc-bench-capture-'));
writeFileSync(join(toolDir, 'tool.conf'), 'plugin=@svc/core/testing/plugin\n');

const rates: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const iface = `testsource-${50 + round}`;
  const tool = spawn(
    process.execPath,
    [cli, 'capture', '--connect', `127.0.0.1:${port}`, '--source', `${iface}:flood=true,count=${PACKETS},devices=1000,channel_hop=false`, '--config', join(toolDir, 'tool.conf'), '--config-dir', toolDir, '--disable-retry'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, SVC_APIKEY: apiKey, NODE_OPTIONS: '' } },
  );
  let log = '';
  tool.stderr.on('data', (chunk) => (log += chunk));
  const uuid = stableUuid('testsource', iface);
  let first = 0;
  let last = 0;
  let lastCount = 0;
  for (let waited = 0; waited < 120_000; waited += 5) {
    const count = t.svc.datasources.get(uuid)?.numPackets ?? 0;
    if (count > 0 && first === 0) first = performance.now();
    if (count !== lastCount) last = performance.now();
    lastCount = count;
    if (count >= PACKETS || tool.exitCode !== null) break;
    await sleep(5);
  }
  tool.kill('SIGTERM');
  await new Promise((resolve) => tool.once('exit', resolve));
  if (lastCount !== PACKETS) {
    console.log(`round ${round + 1}: ${lastCount} of ${PACKETS} packets arrived (LOSS)\n${log}`);
    continue;
  }
  const rate = PACKETS / ((last - first) / 1000);
  rates.push(rate);
  console.log(`round ${round + 1}: ${PACKETS} of ${PACKETS} packets in ${((last - first) / 1000).toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} packets/s`);
}
rates.sort((a, b) => a - b);
if (rates.length) console.log(`remote capture over websocket, svc capture -> packet chain: median ${Math.round(rates[Math.floor(rates.length / 2)]!).toLocaleString('en')} packets/s, none lost (target 100,000)`);
await t.close();
rmSync(toolDir, { recursive: true, force: true });
