import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSvcError } from '../errors.js';
import { mutateText, seededRandom } from '../testing/fuzz.js';
import { formatDefinition, parseDefinition } from './definition.js';
import { parseBoolean, parseHopRate, readSourceOptions } from './source-options.js';

const options = (line: string) => Object.fromEntries(parseDefinition(line).options);
const rejects = (line: string, pattern: RegExp) => {
  try {
    parseDefinition(line);
  } catch (error) {
    assert.ok(isSvcError(error, 'SVC_ERR_BAD_DEFINITION'), String(error));
    assert.match((error as Error).message, pattern);
    return;
  }
  assert.unreachable(`'${line}' was accepted`);
};

test('interface before the first colon; options split on commas; names lower-cased', () => {
  const definition = parseDefinition('wlan0:Name=Front Door,CHANNEL=6,type=linuxwifi');
  assert.is(definition.interface, 'wlan0');
  assert.equal(Object.fromEntries(definition.options), { name: 'Front Door', channel: '6', type: 'linuxwifi' });
  assert.is(parseDefinition('/tmp/capture.pcap:realtime=true').interface, '/tmp/capture.pcap');
  assert.equal(options('rtl433-0'), {});
});

test('a network address is an interface: a port after the first colon belongs to it', () => {
  assert.equal(parseDefinition('localhost:30005').interface, 'localhost:30005');
  const feed = parseDefinition('192.0.2.7:30005:type=adsb,name=roof');
  assert.equal([feed.interface, feed.options.get('type'), feed.options.get('name')], ['192.0.2.7:30005', 'adsb', 'roof']);
  assert.equal(parseDefinition('[::1]:30002:format=avr').interface, '[::1]:30002');
  assert.equal(parseDefinition('hci0:power=true').interface, 'hci0', 'options still start after the first colon');
  assert.throws(() => parseDefinition('host:30005x'), /option '30005x' has no value/);
});

test('double quotes protect commas and are removed; empty values are dropped', () => {
  assert.equal(options('wlan0:channels="1,6,11",name=x'), { channels: '1,6,11', name: 'x' });
  assert.equal(options('wlan0:name="a, b" c'), { name: 'a, b c' });
  assert.equal(options('wlan0:name=,channel=3,'), { channel: '3' });
});

test('bad definitions name the problem', () => {
  rejects('', /empty/);
  rejects(':channel=6', /interface .* is empty/);
  rejects('wlan0,wlan1:channel=6', /contains ','/);
  rejects('wlan0:channels="1,6', /quote is not closed/);
  rejects('wlan0:hop', /option 'hop' has no value/);
  rejects('wlan0:=6', /no name before '='/);
  rejects('wlan0:channel=1,channel=6', /given twice/);
  rejects('wlan0:ch an=1', /may use only letters/);
});

test('a definition written back parses to the same thing', () => {
  const definition = parseDefinition('wlan0:channels="1,6,11",name=n');
  assert.equal(parseDefinition(formatDefinition(definition.interface, definition.options)), definition);
});

test('generic options: type auto means probe, uuid checked and upper-cased, lists, flags, info', () => {
  const read = (line: string) => readSourceOptions(parseDefinition(line));
  assert.is(read('wlan0:type=AUTO').type, undefined);
  assert.is(read('wlan0:type=LinuxWifi').type, 'linuxwifi');
  assert.is(read('wlan0:uuid=8a1c3e20-0000-4000-8000-00000000001f').uuid, '8A1C3E20-0000-4000-8000-00000000001F');
  const full = read('wlan0:channels="1,6,11",add_channels=13,block_channels="6",channel_hop=false,channel_hoprate=6/min,retry=no,info_antenna_gain=5.5,info_amp_type=lna');
  assert.equal(full.channels, ['1', '6', '11']);
  assert.equal(full.addChannels, ['13']);
  assert.equal(full.blockChannels, ['6']);
  assert.is(full.channelHop, false);
  assert.is(full.hopRate, 0.1);
  assert.is(full.retry, false);
  assert.is(full.info.antennaGain, 5.5);
  assert.is(full.info.ampType, 'lna');
  for (const [line, pattern] of [
    ['wlan0:uuid=nope', /uuid must be a UUID/],
    ['wlan0:channel_hop=maybe', /channel_hop must be true or false/],
    ['wlan0:channel_hoprate=fast', /channel_hoprate .* not a hop rate/],
    ['wlan0:channels=",6"', /empty channel/],
    ['wlan0:info_antenna_gain=high', /info_antenna_gain must be a number/],
  ] as const) {
    assert.throws(() => read(line), (error: Error) => isSvcError(error, 'SVC_ERR_BAD_DEFINITION') && pattern.test(error.message), line);
  }
});

test('hop rates: N/sec (or bare N), N/min, N/dwell; the slow-hop formula 1 / (6 / N) works', () => {
  assert.is(parseHopRate('5/sec'), 5);
  assert.is(parseHopRate('5'), 5);
  assert.is(parseHopRate('30/min'), 0.5);
  assert.is(parseHopRate('4/dwell'), 0.25);
  assert.is(parseHopRate(String(1 / (6 / 3))), 0.5); // the spec's slow-hop formula gives a plain rate
  assert.is(parseHopRate('1/min'), 1 / 60);
  for (const bad of ['0/sec', '-1', '5/hour', 'x/sec', '', '1/', '0.0000000001/sec', '1000000/sec', '100000/dwell']) assert.throws(() => parseHopRate(bad), (error: Error) => isSvcError(error, 'SVC_ERR_BAD_RATE'), bad);
  assert.is(parseBoolean('Yes'), true);
  assert.is(parseBoolean('off'), false);
  assert.is(parseBoolean('2'), undefined);
});

test('fuzz: mutated definitions parse or fail with SVC_ERR_BAD_DEFINITION, never anything else', () => {
  const random = seededRandom(4);
  const seeds = ['wlan0:channels="1,6,11",name=x,type=linuxwifi', '/tmp/a.pcap:realtime=true,pps=10', 'rtl433-0:channel=433.92MHz'];
  for (let i = 0; i < 20_000; i++) {
    const line = mutateText(seeds[i % seeds.length]!, random);
    try {
      readSourceOptions(parseDefinition(line));
    } catch (error) {
      if (!isSvcError(error, 'SVC_ERR_BAD_DEFINITION')) throw new Error(`'${line}' threw ${String(error)}`);
    }
  }
});

test.run();
