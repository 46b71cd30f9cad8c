#!/usr/bin/env node
// `npm run test-data`: fills the real test data directory ($SVC_TEST_DATA, else ../shared/data
// beside the checkout, or --dir DIR) with every file test-data/real-data.json pins that has a
// public source: downloaded from its repository at the pinned commit, or made from one by a fixed
// recipe (gpsd logs as serial streams, rtl_433's and tshark's references), and kept only with its
// pinned checksum. Lists the files only svc's shared data set
// holds, whose tests will report themselves skipped. Exits 1 if any public file failed.
// Usage: npm run test-data [-- --dir DIR] [--base-url URL]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fetchRealData, type FetchOutcome } from '../packages/core/src/testing/fetch-real-data.js';
import { realDataDir, realDataManifest } from '../packages/core/src/testing/real-data.js';
import { tsharkSummary } from '../packages/plugin-dot11/src/reference/tshark-summary.js';
import { rtl433Output } from '../packages/plugin-sdr-rtl433/src/reference/rtl433-output.js';
import { gpsdLogStream } from '../packages/plugin-serial/src/reference/gpsd-log-stream.js';

const { values } = parseArgs({ options: { dir: { type: 'string' }, 'base-url': { type: 'string' } } });
const directory = resolve(values.dir ?? realDataDir());
const files = realDataManifest();
console.log(`real test data: ${Object.keys(files).length} pinned files into ${directory}`);
const report = await fetchRealData({
  directory,
  files,
  baseUrl: values['base-url'],
  recipes: {
    'nmea-stream': (log) => gpsdLogStream(readFileSync(log)),
    rtl_433: (recording) => rtl433Output(recording),
    'tshark-summary': (capture) => Buffer.from(`${JSON.stringify(tsharkSummary(capture), null, 1)}\n`),
  },
  progress: (path, outcome, detail) => {
    if (outcome !== 'present' && outcome !== 'shared-only') console.log(`  ${outcome.padEnd(10)} ${path}${detail ? `: ${detail}` : ''}`);
  },
});
const count = (outcome: FetchOutcome) => [...report.outcomes.values()].filter((entry) => entry.outcome === outcome).length;
const sharedOnly = [...report.outcomes].filter(([, entry]) => entry.outcome === 'shared-only').map(([path]) => path);
if (sharedOnly.length) {
  console.log(`\n${sharedOnly.length} files have no public source: they were made for svc's tests in its shared data set`);
  console.log("(Kismet's references and logs, the WIDS captures, the NMEA summaries). Tests that need them report");
  console.log('themselves skipped; point SVC_TEST_DATA at a copy of the shared data set to run them.');
}
console.log(`\n${count('present')} present, ${count('downloaded')} downloaded, ${count('derived')} derived, ${count('failed')} failed, ${sharedOnly.length} shared-only`);
process.exit(count('failed') > 0 ? 1 : 0);
