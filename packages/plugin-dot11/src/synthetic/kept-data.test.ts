/**
 * The synthetic data kept in test-data/dot11 (the demo scene, the DHCP capture) is exactly what svc's generator makes (so a change
 * to the generator is caught here and the data remade with scripts/make-synthetic-data.ts), and
 * the kept tshark references are what the tshark on this machine says of it now.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectDataPath } from '@svc/core/testing';
import { tsharkDhcp } from '../reference/tshark-dhcp.js';
import { tsharkSummary } from '../reference/tshark-summary.js';
import { writeBulkCapture } from './bulk-capture.js';
import { demoCapture, DEMO_CAPTURES, DHCP_CAPTURE, dhcpReferenceName, referenceName, TEST_BULK_CAPTURE } from './kept-data.js';

const REMAKE = 'remake it with node --conditions=svc-source --import tsx packages/plugin-dot11/scripts/make-synthetic-data.ts';
const kept = (name: string) => readFileSync(projectDataPath('dot11', name));
const keptReference = (name: string) => JSON.parse(kept(referenceName(name)).toString('utf8')) as { sha256: string; generator: string };
/** A summary as kept: through JSON, so absent and undefined fields compare alike. */
const asKept = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

for (const [name, linkType] of Object.entries(DEMO_CAPTURES)) {
  test(`${name} is the generator's demo scene under link type ${linkType}, and its reference is tshark's`, () => {
    assert.ok(kept(name).equals(demoCapture(linkType)), `test-data/dot11/${name} differs from what the generator makes: ${REMAKE}`);
    const { generator: _made, ...current } = tsharkSummary(projectDataPath('dot11', name));
    const { generator: _kept, ...reference } = keptReference(name);
    assert.equal(asKept(current), reference, `tshark now says something else of ${name}: ${REMAKE}`);
  });
}

test(`${DHCP_CAPTURE.name} is the generator's DHCP scene, and its references are tshark's`, () => {
  const name = DHCP_CAPTURE.name;
  assert.ok(kept(name).equals(DHCP_CAPTURE.make()), `test-data/dot11/${name} differs from what the generator makes: ${REMAKE}`);
  const path = projectDataPath('dot11', name);
  for (const [file, current] of [
    [referenceName(name), tsharkSummary(path)],
    [dhcpReferenceName(name), tsharkDhcp(path)],
  ] as const) {
    const { generator: _made, ...now } = current;
    const { generator: _kept, ...reference } = JSON.parse(kept(file).toString('utf8')) as { generator: string };
    assert.equal(asKept(now), reference, `tshark now says something else of ${name} (${file}): ${REMAKE}`);
  }
});

test(`the bulk test capture is the one its kept reference was made from`, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-bulk-'));
  try {
    const path = join(scratch, TEST_BULK_CAPTURE.name);
    writeBulkCapture(path, TEST_BULK_CAPTURE);
    assert.is(createHash('sha256').update(readFileSync(path)).digest('hex'), keptReference(TEST_BULK_CAPTURE.name).sha256, REMAKE);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test.run();
