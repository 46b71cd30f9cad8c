#!/usr/bin/env node
// Remakes the 802.11 data svc keeps in test-data/dot11: the demo scene under each radio header
// and the DHCP capture, and tshark's reference of each capture and of the bulk capture the tests
// generate (made here by src/reference/tshark-summary.ts with the tshark on this machine), plus
// tshark's DHCP reference of the DHCP capture (src/reference/tshark-dhcp.ts).
// Usage: node --conditions=svc-source --import tsx packages/plugin-dot11/scripts/make-synthetic-data.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectDataPath } from '@svc/core/testing';
import { tsharkDhcp } from '../src/reference/tshark-dhcp.js';
import { tsharkSummary } from '../src/reference/tshark-summary.js';
import { writeBulkCapture } from '../src/synthetic/bulk-capture.js';
import { demoCapture, DEMO_CAPTURES, DHCP_CAPTURE, dhcpReferenceName, referenceName, TEST_BULK_CAPTURE } from '../src/synthetic/kept-data.js';

const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 1)}\n`);
for (const [name, linkType] of Object.entries(DEMO_CAPTURES)) {
  const path = projectDataPath('dot11', name);
  writeFileSync(path, demoCapture(linkType));
  writeJson(projectDataPath('dot11', referenceName(name)), tsharkSummary(path));
  console.log(`wrote test-data/dot11/${name} and its tshark reference`);
}
const dhcp = projectDataPath('dot11', DHCP_CAPTURE.name);
writeFileSync(dhcp, DHCP_CAPTURE.make());
writeJson(projectDataPath('dot11', referenceName(DHCP_CAPTURE.name)), tsharkSummary(dhcp));
writeJson(projectDataPath('dot11', dhcpReferenceName(DHCP_CAPTURE.name)), tsharkDhcp(dhcp));
console.log(`wrote test-data/dot11/${DHCP_CAPTURE.name} and its tshark references`);
const scratch = mkdtempSync(join(tmpdir(), 'svc-bulk-'));
const bulk = join(scratch, TEST_BULK_CAPTURE.name);
writeBulkCapture(bulk, TEST_BULK_CAPTURE);
writeJson(projectDataPath('dot11', referenceName(TEST_BULK_CAPTURE.name)), tsharkSummary(bulk));
rmSync(scratch, { recursive: true });
console.log(`wrote test-data/dot11/${referenceName(TEST_BULK_CAPTURE.name)}`);
