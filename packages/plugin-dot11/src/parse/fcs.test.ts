/**
 * The FCS kept after a radiotap frame is checked as Kismet checks it (kis_dlt_radiotap.cc): a
 * frame whose CRC-32 matches in either byte order is good, one that matches in neither is bad
 * even when the radio did not mark it, and an all-zero FCS is not checked. tshark, checking FCS,
 * agrees frame by frame on a capture of such frames, and finds, as svc does, no bad FCS among the
 * 180 frames with FCS of the shared `aircrack-ng_test1.pcap`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { realDataPath, realDataTest } from '@svc/core/testing';
import { pcapFile } from '../pcap/pcap-writer.js';
import { readAll } from '../pcap/capture-readers.test-helper.js';
import { decodeDot11, LinkType } from './decode.js';
import { ManagementSubtype } from './dot11-header.js';
import { parseRadiotap } from './radiotap.js';
import { AP, management, radiotap, STA, u16 } from './test-frames.js';

const FCS_AT_END = 0x10;
const deauth = management(ManagementSubtype.DEAUTH, u16(3), 0, AP, STA, AP);
const fcsOf = (frame: Buffer, order: 'LE' | 'BE') => {
  const fcs = Buffer.alloc(4);
  if (order === 'LE') fcs.writeUInt32LE(crc32(frame));
  else fcs.writeUInt32BE(crc32(frame));
  return fcs;
};
const damaged = Buffer.from(fcsOf(deauth, 'LE'));
damaged[0]! ^= 0x01;
/** A deauthentication behind radiotap with the FCS flag, then each kind of FCS. */
const FRAMES: readonly (readonly [string, Buffer])[] = [
  ['right', fcsOf(deauth, 'LE')],
  ['byte-swapped', fcsOf(deauth, 'BE')],
  ['wrong', damaged],
  ['zero', Buffer.alloc(4)],
];
const packet = (fcs: Buffer) => Buffer.concat([radiotap({ flags: FCS_AT_END }), deauth, fcs]);

test('the FCS: right in either byte order is good, wrong is bad, zero is not checked', () => {
  assert.equal(
    FRAMES.map(([kind, fcs]) => [kind, decodeDot11(packet(fcs), LinkType.RADIOTAP).radio.badFcs]),
    [['right', false], ['byte-swapped', false], ['wrong', true], ['zero', false]],
  );
  const wrong = decodeDot11(packet(damaged), LinkType.RADIOTAP);
  assert.equal([wrong.code, wrong.frameLength], [3, deauth.length], 'the frame is still read, without its FCS');
});

test('tshark, checking FCS, finds the same frame bad', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-fcs-'));
  try {
    const path = join(scratch, 'fcs.pcap');
    // tshark reads a byte-swapped or zero FCS as wrong, so only the right and the wrong one are compared.
    const compared = FRAMES.filter(([kind]) => kind === 'right' || kind === 'wrong');
    writeFileSync(path, pcapFile(LinkType.RADIOTAP, compared.map(([, fcs], index) => ({ tsSec: 1_700_000_000 + index, tsFraction: 0, data: packet(fcs) }))));
    const run = spawnSync('tshark', ['-n', '-o', 'wlan.check_checksum:TRUE', '-r', path, '-T', 'fields', '-e', 'wlan.fcs.status'], { encoding: 'utf8' });
    assert.is(run.status, 0, run.stderr);
    const tsharkBad = run.stdout.trim().split('\n').map((status) => status === '0');
    assert.equal(tsharkBad, compared.map(([, fcs]) => decodeDot11(packet(fcs), LinkType.RADIOTAP).radio.badFcs));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

realDataTest(test, 'aircrack-ng_test1.pcap: no bad FCS among its frames with FCS, as tshark finds', ['dot11/aircrack-ng_test1.pcap'], async () => {
  const { frames } = await readAll(realDataPath('dot11', 'aircrack-ng_test1.pcap'));
  const withFcs = frames.filter((frame) => frame.linkType === LinkType.RADIOTAP && parseRadiotap(frame.data).fcsAtEnd);
  assert.ok(withFcs.length >= 180, `${withFcs.length} frames with FCS`);
  assert.equal(frames.filter((frame) => decodeDot11(frame.data, frame.linkType).radio.badFcs).length, 0);
});

test.run();
