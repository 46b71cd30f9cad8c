/**
 * Writes the NMEA tracks svc makes for itself into this folder: for each track of `SVC_TRACKS`
 * (packages/plugin-serial/src/synthetic/svc-tracks.ts) and the demo's `DEMO_TRACK`
 * (demo-track.ts there), `<name>.raw.nmea` (the CRLF byte stream a serial GPS sends) and
 * `<name>.nmea-summary.json` (its ground truth). The generator is
 * deterministic; `svc-tracks.test.ts` checks it still makes these files byte for byte.
 * Run from the repository root: node --conditions=svc-source --import tsx test-data/serial/make-svc-tracks.ts
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_TRACK, generateNmeaTrack, groundTruthJson, SVC_TRACKS } from '@svc/plugin-serial/synthetic';

const here = dirname(fileURLToPath(import.meta.url));
for (const track of [...SVC_TRACKS, DEMO_TRACK]) {
  const { bytes, truth } = generateNmeaTrack(track);
  writeFileSync(join(here, `${track.name}.raw.nmea`), bytes);
  writeFileSync(join(here, `${track.name}.nmea-summary.json`), groundTruthJson(truth));
  console.log(`${track.name}: ${bytes.length} bytes, ${truth.sentences} lines, ${truth.fixes} fixes, ${truth.damaged_lines.length} damaged lines`);
}
