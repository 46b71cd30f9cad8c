/**
 * linuxwifi: parsing `iw` output samples (`fixtures/iw`, in iw's printed format), the commands
 * it runs for each decision, the errors for each thing that can be missing, and the live path
 * through real libpcap on the loopback interface (this test machine has no Wi-Fi radio, so a
 * host description that calls `lo` a monitor interface lets the whole type run against it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { fileURLToPath } from 'node:url';
import { createLogger, parseDefinition, type Capture, type OpenContext, type Packet } from '@svc/core';
import { iwChannelArgs, parseWifiChannel } from './channel-spec.js';
import { parseIwDev, parseIwPhyInfo } from './iw-output.js';
import { createLinuxWifiType, type LiveCaptureOpener } from './linuxwifi.js';
import { openLiveCapture } from './live-capture.js';
import { hostWifiSystem, runProgram, type WifiSystem } from './wifi-system.js';

/** Resolves when `run` rejects with a message matching `pattern`; fails the test otherwise. */
async function rejects(run: () => Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await run();
  } catch (error) {
    assert.match((error as Error).message, pattern);
    return;
  }
  assert.unreachable(`expected a rejection matching ${pattern}`);
}

const sample = (name: string) => readFileSync(fileURLToPath(new URL(`../../../fixtures/iw/${name}`, import.meta.url)), 'utf8');
const context = (messages: string[] = []): OpenContext => ({ uuid: 'UUID', log: createLogger({ write: () => {} }), message: (text) => void messages.push(text) });

test('iw dev: interfaces with their radio, mode, address and channel', () => {
  assert.equal(parseIwDev(sample('iw-dev.txt')), [
    { phy: 'phy1', name: 'wlan1mon', type: 'monitor', address: '00:c0:ca:98:1a:2b', channel: 11 },
    { phy: 'phy0', name: 'wlan0', type: 'managed', address: '3c:22:fb:44:55:66', channel: 36 },
  ]);
});

test('iw phy info: monitor support and the channel list with HT40 and whole VHT80 blocks, disabled channels left out', () => {
  const info = parseIwPhyInfo(sample('iw-phy-info.txt'));
  assert.is(info.monitor, true);
  const base = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '36', '40', '44', '48', '52'];
  assert.equal(info.channels.slice(0, base.length), base);
  assert.ok(info.channels.includes('1HT40+') && info.channels.includes('11HT40-') && !info.channels.includes('11HT40+'));
  assert.ok(info.channels.includes('48HT40+') && info.channels.includes('52HT40-'));
  assert.equal(info.channels.filter((channel) => channel.endsWith('VHT80')), ['36VHT80', '40VHT80', '44VHT80', '48VHT80'], '52-64 has a disabled channel');
  const legacy = parseIwPhyInfo(sample('iw-phy-info-no-monitor.txt'));
  assert.equal(legacy, { monitor: false, channels: ['1', '6'] });
});

test('channels: svc syntax to iw arguments for 20, HT40 and VHT widths; bad channels are refused', () => {
  assert.equal(iwChannelArgs('wlan0mon', parseWifiChannel('6')), ['dev', 'wlan0mon', 'set', 'channel', '6']);
  assert.equal(iwChannelArgs('wlan0mon', parseWifiChannel('6HT40+')), ['dev', 'wlan0mon', 'set', 'channel', '6', 'HT40+']);
  assert.equal(iwChannelArgs('wlan0mon', parseWifiChannel('40ht40-')), ['dev', 'wlan0mon', 'set', 'channel', '40', 'HT40-']);
  assert.equal(iwChannelArgs('wlan0mon', parseWifiChannel('44VHT80')), ['dev', 'wlan0mon', 'set', 'freq', '5220', '80', '5210']);
  assert.equal(iwChannelArgs('wlan0mon', parseWifiChannel('100VHT160')), ['dev', 'wlan0mon', 'set', 'freq', '5500', '160', '5570']);
  assert.throws(() => parseWifiChannel('6;reboot'), /not a Wi-Fi channel/);
  assert.throws(() => parseWifiChannel('0'), /not a Wi-Fi channel/);
  assert.throws(() => parseWifiChannel('6VHT80'), /no VHT80 block/);
});

/** A host whose commands are recorded and answered from the samples. */
function fakeHost(options: { root?: boolean; monitor?: boolean; iwDev?: string; wireless?: { name: string; phy: string }[] } = {}) {
  const commands: string[] = [];
  const system: WifiSystem = {
    async iw(args) {
      commands.push(`iw ${args.join(' ')}`);
      if (args[0] === 'dev' && args.length === 1) return options.iwDev ?? sample('iw-dev.txt');
      if (args[0] === 'phy' && args[2] === 'info') return sample(options.monitor === false ? 'iw-phy-info-no-monitor.txt' : 'iw-phy-info.txt');
      return '';
    },
    async ip(args) {
      commands.push(`ip ${args.join(' ')}`);
      return '';
    },
    wirelessInterfaces: () => options.wireless ?? [{ name: 'wlan0', phy: 'phy0' }, { name: 'wlan1mon', phy: 'phy1' }],
    isRoot: () => options.root ?? true,
  };
  const opened: string[] = [];
  const openLive: LiveCaptureOpener = async (iface) => {
    opened.push(iface);
    return { dlt: 127, packets: (async function* () {})(), dropped: () => 0, backlog: () => 0, close: () => void commands.push(`closed ${iface}`) };
  };
  return { system, commands, opened, openLive };
}

test('a managed interface gets a monitor interface beside it, tuned with iw, removed again on close', async () => {
  const host = fakeHost();
  const type = createLinuxWifiType(host.system, host.openLive);
  const messages: string[] = [];
  const capture = (await type.open!(parseDefinition('wlan0:name=w'), context(messages))) as Capture;
  assert.equal(host.commands, ['iw dev', 'iw phy phy0 info', 'iw phy phy0 interface add wlan0mon type monitor', 'ip link set dev wlan0mon up']);
  assert.equal(host.opened, ['wlan0mon']);
  assert.is(capture.info.captureInterface, 'wlan0mon');
  assert.is(capture.info.channels!.includes('6HT40+'), true);
  assert.match(messages[0]!, /added monitor interface wlan0mon on phy0/);
  host.commands.length = 0;
  await capture.setChannel!('6HT40-');
  await capture.setChannel!('36VHT80');
  await capture.close();
  assert.equal(host.commands, ['iw dev wlan0mon set channel 6 HT40-', 'iw dev wlan0mon set freq 5180 80 5210', 'closed wlan0mon', 'iw dev wlan0mon del']);
  await rejects(() => capture.setChannel!('banana'), /not a Wi-Fi channel/);
});

test('an interface already in monitor mode is captured as it is and left in place; vif= names the monitor interface', async () => {
  const host = fakeHost();
  const type = createLinuxWifiType(host.system, host.openLive);
  const capture = (await type.open!(parseDefinition('wlan1mon'), context())) as Capture;
  await capture.close();
  assert.equal(host.commands, ['iw dev', 'iw phy phy1 info', 'ip link set dev wlan1mon up', 'closed wlan1mon']);
  const named = fakeHost();
  await (await createLinuxWifiType(named.system, named.openLive).open!(parseDefinition('wlan0:vif=mon7'), context())).close();
  assert.ok(named.commands.includes('iw phy phy0 interface add mon7 type monitor'));
  await rejects(() => createLinuxWifiType(named.system, named.openLive).open!(parseDefinition('wlan0:vif=a;b'), context()), /not a usable interface name/);
});

test('clear errors: not root, not a wireless interface, no monitor mode, iw missing, iw refused; a failed open removes the interface it added', async () => {
  const open = (host: ReturnType<typeof fakeHost>, definition = 'wlan0') => createLinuxWifiType(host.system, host.openLive).open!(parseDefinition(definition), context());
  await rejects(() => open(fakeHost({ root: false })), /needs root to put wlan0 in monitor mode/);
  await rejects(() => open(fakeHost(), 'eth0'), /eth0 is not a wireless interface \(wireless interfaces here: wlan0, wlan1mon\)/);
  await rejects(() => open(fakeHost({ wireless: [] }), 'eth0'), /this host has none/);
  await rejects(() => open(fakeHost({ monitor: false })), /does not support monitor mode/);
  await rejects(() => runProgram('svc-no-such-iw', ['dev'], 'Debian: apt-get install iw'), /svc-no-such-iw is not installed \(Debian: apt-get install iw\)/);
  await rejects(() => runProgram('sh', ['-c', 'echo "command failed: Operation not permitted (-1)" >&2; exit 255'], 'x'), /was refused \(command failed: Operation not permitted \(-1\)\): changing Wi-Fi interfaces needs root/);
  const failing = fakeHost();
  const type = createLinuxWifiType(failing.system, () => {
    throw new Error('libpcap could not open wlan0mon: no such device');
  });
  await rejects(() => type.open!(parseDefinition('wlan0'), context()), /no such device/);
  assert.is(failing.commands.at(-1), 'iw dev wlan0mon del');
});

test('the real iw on this host: iw dev names exactly the wireless interfaces sysfs lists, or says why it cannot', async () => {
  const host = hostWifiSystem();
  const wireless = host.wirelessInterfaces().map((entry) => entry.name);
  let output: string;
  try {
    output = await host.iw(['dev']);
  } catch (error) {
    const message = (error as Error).message;
    if (/iw is not installed/.test(message)) {
      assert.match(message, 'iw is not installed (Debian: apt-get install iw)');
      return;
    }
    // A kernel without cfg80211 (this CI machine) has no Wi-Fi interface for iw to name.
    assert.match(message, "'iw dev' failed: nl80211 not found. This kernel has no Wi-Fi support (cfg80211) loaded");
    assert.equal(wireless, []);
    return;
  }
  assert.equal(parseIwDev(output).map((entry) => entry.name).sort(), wireless);
});

test('list_interfaces and probe come from the wireless interfaces sysfs lists', async () => {
  const host = fakeHost();
  const type = createLinuxWifiType(host.system, host.openLive);
  const signal = new AbortController().signal;
  assert.equal(await type.list!({ signal }), [
    { interface: 'wlan0', hardware: 'phy0', options: ['vif=wlan0mon'] },
    { interface: 'wlan1mon', hardware: 'phy1', options: ['vif=wlan1monmon'] },
  ]);
  assert.is(await type.probe!(parseDefinition('wlan0'), { signal }), true);
  assert.is(await type.probe!(parseDefinition('/tmp/x.pcap'), { signal }), false);
});

/**
 * The pcap binding releases a closed capture's poll handle at the next frame; one more datagram
 * on the loopback makes that happen, so the test process can exit.
 */
async function releaseLoopbackCapture(socket: ReturnType<typeof createSocket>): Promise<void> {
  await new Promise((resolve) => socket.send('bye', 9, '127.0.0.1', resolve));
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.close();
}

async function firstBatchWith(capture: { packets: AsyncIterable<readonly Packet[]> }, marker: Buffer, send: () => void): Promise<Packet> {
  const timer = setInterval(send, 50);
  try {
    for await (const batch of capture.packets) {
      const found = batch.find((packet) => packet.data!.includes(marker));
      if (found) return found;
    }
    throw new Error('the capture ended');
  } finally {
    clearInterval(timer);
  }
}

test('live capture through libpcap on the loopback interface: frames with their time, link type and bytes', async () => {
  const socket = createSocket('udp4');
  const marker = Buffer.from(`svc-live-${process.pid}`);
  const live = await openLiveCapture('lo', 'UUID');
  try {
    assert.is(live.dlt, 1, 'loopback is Ethernet-framed');
    const packet = await firstBatchWith(live, marker, () => socket.send(marker, 9, '127.0.0.1'));
    assert.is(packet.sourceUuid, 'UUID');
    assert.ok(Math.abs(packet.tsSec - Date.now() / 1000) < 60, 'capture time');
    assert.ok(packet.data!.length >= 14 + 20 + 8 + marker.length);
  } finally {
    live.close();
    await releaseLoopbackCapture(socket);
  }
  await rejects(() => openLiveCapture('svc-no-such-if0', 'UUID'), /libpcap could not open svc-no-such-if0/);
});

test('the whole type on a real libpcap capture: lo described as a monitor interface; a non-radiotap link type is reported', async () => {
  const host = fakeHost({ wireless: [{ name: 'lo', phy: 'phy0' }], iwDev: 'phy#0\n\tInterface lo\n\t\ttype monitor\n' });
  const type = createLinuxWifiType(host.system);
  const messages: string[] = [];
  const capture = (await type.open!(parseDefinition('lo'), context(messages))) as Capture;
  const socket = createSocket('udp4');
  const marker = Buffer.from(`svc-type-${process.pid}`);
  try {
    const packet = await firstBatchWith(capture, marker, () => socket.send(marker, 9, '127.0.0.1'));
    assert.is(packet.dlt, 1);
    assert.match(messages.join('\n'), /lo delivers link type 1, not radiotap/);
  } finally {
    await capture.close();
    await releaseLoopbackCapture(socket);
  }
});

test.run();
