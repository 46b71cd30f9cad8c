#!/usr/bin/env node
// Regenerates svc's own rtl_433 test data in test-data/rtl433/: the recording, its ground truth
// and the generated events (the generator's output, byte for byte what
// src/synthetic/synthetic-data.test.ts checks), then the real rtl_433's output on the recording.
// Usage (from the repository root):
//   node --conditions=svc-source --import tsx packages/plugin-sdr-rtl433/scripts/make-synthetic-data.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { projectDataPath } from '@svc/core/testing';
import { generatedFiles, rtl433Output, SYNTHETIC_RECORDING, SYNTHETIC_REFERENCE } from '../src/synthetic/index.js';

const folder = projectDataPath('rtl433');
mkdirSync(folder, { recursive: true });
for (const [name, bytes] of Object.entries(generatedFiles())) {
  writeFileSync(projectDataPath('rtl433', name), bytes);
  console.log(`${name}: ${bytes.length} bytes`);
}
const reference = rtl433Output(projectDataPath('rtl433', SYNTHETIC_RECORDING));
writeFileSync(projectDataPath('rtl433', SYNTHETIC_REFERENCE), reference);
console.log(`${SYNTHETIC_REFERENCE}: ${reference.length} bytes, ${reference.toString().split('\n').filter(Boolean).length} messages from rtl_433`);
