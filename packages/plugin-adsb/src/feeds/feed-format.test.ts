/** Feed formats told apart by their first bytes, and SBS lines read across chunks with the lines of no known kind counted. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { detectFeedFormat, feedReader } from './feed-format.js';

test('Beast, AVR (plain, with MLAT clock, with signal) and SBS of every line kind are told apart; leading line ends skipped', () => {
  assert.is(detectFeedFormat(Buffer.from([0x1a, 0x33, 0, 0])), 'beast');
  for (const head of ['*8D4840D6;', '@0123456789AB8D;', '%0123456789ABFF8D;', '\r\n*5D4D2023;']) assert.is(detectFeedFormat(Buffer.from(head)), 'avr', head);
  for (const head of ['MSG,3,1,1,4CA2D6', 'SEL,,496,2286', 'ID,,496,7162', 'AIR,,496,2286', 'STA,,5,179', 'CLK,,496,2286', '\nMSG,1']) assert.is(detectFeedFormat(Buffer.from(head)), 'sbs', head);
  for (const head of ['', '\r\n', 'HTTP/1.1 200 OK', 'MSGX,1', 'id,,1']) assert.is(detectFeedFormat(Buffer.from(head)), undefined, head);
});

test('an SBS reader joins lines split across chunks and counts lines of no SBS kind', () => {
  const reader = feedReader('sbs');
  assert.equal(reader.push(Buffer.from('MSG,3,1,1,4CA2D6,1,2008/11/28,23:48:18.611,2008/11/28,23:53:19.161,,37000,,,51.45735,-1.02826,,,0,0,0,0\nSTA,,5,1')), [
    { sbs: 'MSG,3,1,1,4CA2D6,1,2008/11/28,23:48:18.611,2008/11/28,23:53:19.161,,37000,,,51.45735,-1.02826,,,0,0,0,0' },
  ]);
  assert.equal(reader.push(Buffer.from('79,4CA2D6,PL\r\nnoise here\n\nCLK,,496\n')), [{ sbs: 'STA,,5,179,4CA2D6,PL' }, { sbs: 'CLK,,496' }]);
  assert.is(reader.bad, 1);
  assert.equal(reader.end(), []);
});

test.run();
