import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDefinition } from '@svc/core';
import { channelName, parseFrequencyHz } from './frequency.js';
import { readRtl433Options, rtl433Arguments } from './rtl433-options.js';
import { classifyRtl433Stderr } from './stderr-lines.js';

const args = (line: string) => rtl433Arguments(readRtl433Options(parseDefinition(line)));
const failure = (line: string): string => {
  try {
    readRtl433Options(parseDefinition(line));
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

test('frequencies in Hz, kHz, MHz or GHz; no unit is Hz, as Kismet reads them', () => {
  assert.is(parseFrequencyHz('433920000'), 433_920_000);
  assert.is(parseFrequencyHz('433920000Hz'), 433_920_000);
  assert.is(parseFrequencyHz('868300kHz'), 868_300_000);
  assert.is(parseFrequencyHz('433.92MHz'), 433_920_000);
  assert.is(parseFrequencyHz('433.92M'), 433_920_000);
  assert.is(parseFrequencyHz('915mhz'), 915_000_000);
  assert.is(parseFrequencyHz('1.09GHz'), 1_090_000_000);
  assert.is(channelName(433_920_000), '433.920000MHz');
  assert.throws(() => parseFrequencyHz('433.92'), /outside 1 MHz to 6 GHz \(a number without a unit is in Hz: write 433.92MHz\)/);
  assert.throws(() => parseFrequencyHz('fast'), /must be a frequency such as 433.92MHz/);
  assert.throws(() => parseFrequencyHz('433.92 parsecs'), /must be a frequency/);
  assert.throws(() => parseFrequencyHz('7GHz'), /outside 1 MHz to 6 GHz'?$/);
});

test("a dongle by index or serial runs rtl_433 as Kismet's helper does, with no config file", () => {
  assert.equal(args('rtl433-0'), ['-F', 'json', '-M', 'level', '-c', '0', '-d', '0', '-f', '433920000', '-s', '1024k']);
  assert.equal(args('rtl433-1:channel=868.3MHz'), ['-F', 'json', '-M', 'level', '-c', '0', '-d', '1', '-f', '868300000', '-s', '1024k']);
  assert.equal(args('rtl433-00000433:frequency=915000kHz').slice(6), ['-d', ':00000433', '-f', '915000000', '-s', '1024k']);
  assert.equal(args('rtl433').slice(6, 8), ['-d', '0']);
  assert.equal(args('garage:rtl_tcp=pi.local:1234,samplerate=250k').slice(6), ['-d', 'rtl_tcp:pi.local:1234', '-f', '433920000', '-s', '250k']);
});

test('gain, ppm, decoders, a flex decoder and a config file pass as separate arguments', () => {
  assert.equal(args('rtl433-0:gain=28.6,ppm=-12,protocols="40,41",flex=n=doorbell;m=OOK_PWM;s=400;l=800;r=8000,conf=/etc/rtl.conf'), [
    '-F', 'json', '-M', 'level', '-c', '/etc/rtl.conf', '-R', '40', '-R', '41', '-X', 'n=doorbell;m=OOK_PWM;s=400;l=800;r=8000', '-g', '28.6', '-p', '-12',
    '-d', '0', '-f', '433920000', '-s', '1024k',
  ]);
  assert.equal(args('rtl433-0:protocols=40+-12').slice(6, 10), ['-R', '40', '-R', '-12']);
  assert.equal(args('rtl433-0:gain=auto').includes('-g'), false);
  // A value with spaces or dashes stays one argument: it cannot become another option.
  assert.equal(args('rtl433-0:flex=n=x -F kv').slice(6, 8), ['-X', 'n=x -F kv']);
});

test('a recording replays with -r; format= names the sample format of an unusual file name', () => {
  assert.equal(args('/data/g001_433.92M_250k.cu8'), ['-F', 'json', '-M', 'level', '-c', '0', '-r', '/data/g001_433.92M_250k.cu8']);
  assert.equal(args('/data/capture.bin:format=cs16,samplerate=1024k').slice(6), ['-s', '1024k', '-r', 'cs16:/data/capture.bin']);
});

test('attach= reads the events of a running rtl_433: host:port or a URL', () => {
  const url = (line: string) => {
    const input = readRtl433Options(parseDefinition(line)).input;
    return input.kind === 'attach' ? input.url.href : input.kind;
  };
  assert.is(url('upstairs:attach=10.0.0.5:8433'), 'http://10.0.0.5:8433/events');
  assert.is(url('upstairs:attach=http://10.0.0.5:8433'), 'http://10.0.0.5:8433/events');
  assert.is(url('upstairs:attach=http://10.0.0.5:8433/stream'), 'http://10.0.0.5:8433/stream');
});

test('bad definitions are refused with what was expected', () => {
  assert.match(failure('wlan0'), "rtl433 cannot tell what 'wlan0' is");
  assert.match(failure('rtl433-0:gain=loud'), "rtl433 option gain must be a gain in dB (0 to 100) or 'auto', got 'loud'");
  assert.match(failure('rtl433-0:ppm=1.5'), 'rtl433 option ppm must be a whole number');
  assert.match(failure('rtl433-0:protocols=abc'), 'rtl433 option protocols must list rtl_433 decoder numbers');
  assert.match(failure('rtl433-0:protocols=0'), 'rtl433 option protocols must list');
  assert.match(failure('rtl433-0:samplerate=fast'), 'rtl433 option samplerate must be a rate');
  assert.match(failure('x:rtl_tcp=pi.local'), 'rtl433 option rtl_tcp must be host:port');
  assert.match(failure('x:attach=ftp://host/'), 'rtl433 option attach must be an http URL');
  assert.match(failure('/data/a.cu8:format=cu8;rm'), 'rtl433 option format must be an rtl_433 file format');
});

test('stderr: banner to the debug log, progress as info, failures as errors, anything else not shown', () => {
  const level = (line: string) => classifyRtl433Stderr(line)?.level;
  assert.is(level('rtl_433 version 22.11 (2022-11-19) inputs file rtl_tcp RTL-SDR SoapySDR'), 'debug');
  assert.is(level('Registered 191 out of 223 device decoding protocols [ 1-4 8 ]'), 'debug');
  assert.is(level('Use -h for usage help and see https://triq.org/ for documentation.'), 'debug');
  assert.is(level('Trying conf file at "/etc/rtl_433/rtl_433.conf"...'), 'debug');
  assert.is(level('Tuned to 433.920MHz.'), 'info');
  assert.is(level('Found Rafael Micro R820T tuner'), 'info');
  assert.is(level('No supported devices found.'), 'error');
  assert.is(level('Async read stalled, exiting!'), 'error');
  assert.is(level('Opening file: /x.cu8 failed!'), 'error');
  assert.is(level('usb_claim_interface error -6'), 'error');
  assert.is(level('Bad flex spec, unknown keyword (garbage)!'), 'error');
  // rtl_433 echoes config lines it cannot parse: the line is never shown.
  assert.equal(classifyRtl433Stderr('Unknown keyword "root:$6$hash:19000:0:99999:7:::"'), { level: 'error', text: 'Unknown keyword in the config file (the line is not shown)' });
  for (const unknown of ['root:x:0:0:root:/root:/bin/bash', 'Generic RF data receiver and decoder for ISM band devices using RTL-SDR and SoapySDR.', '  [-V] Output the version string and exit']) {
    assert.is(classifyRtl433Stderr(unknown.trim()), undefined, unknown);
  }
});

test.run();
