import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSvcError } from '../errors.js';
import { mutateText, seededRandom } from '../testing/fuzz.js';
import { parseConf } from './conf-parser.js';

test('parses key=value lines, skipping comments and blanks, keeping repeats in order', () => {
  const entries = parseConf('# comment\n\nsource=wlan0\n  source = rtl433-0:channel=433.92MHz  \nserver_name=my svc\n', 'svc.conf');
  assert.equal(
    entries.map(({ key, value, line }) => [key, value, line]),
    [
      ['source', 'wlan0', 3],
      ['source', 'rtl433-0:channel=433.92MHz', 4],
      ['server_name', 'my svc', 5],
    ],
  );
});

test('keeps everything after the first = in the value, including = and #', () => {
  const [entry] = parseConf('httpd_password=a=b#c\n', 'f');
  assert.is(entry!.value, 'a=b#c');
});

test('accepts an empty value and CRLF line ends', () => {
  assert.equal(parseConf('server_description=\r\nx.y=1\r\n', 'f').map((e) => [e.key, e.value]), [
    ['server_description', ''],
    ['x.y', '1'],
  ]);
});

test('a malformed line is an error naming file and line, without echoing the line', () => {
  for (const bad of ['just words', '=s3cret', 'bad key=s3cret']) {
    try {
      parseConf(`ok=1\n${bad}\n`, '/etc/svc/svc.conf');
      assert.unreachable(`'${bad}' should not parse`);
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_CONFIG_SYNTAX'));
      assert.match((error as Error).message, '/etc/svc/svc.conf:2:');
      assert.not.match((error as Error).message, bad);
    }
  }
});

test('fuzz: mutated config text parses or fails with SVC_ERR_CONFIG_SYNTAX naming a line', () => {
  const random = seededRandom(2501);
  const seed = '# svc\nsource=wlan0:channels="1,6,11"\nhttpd_port=2501\n\nalert=DEAUTHFLOOD,5/min,2/sec\n';
  for (let i = 0; i < 3000; i++) {
    const text = mutateText(seed, random);
    try {
      for (const entry of parseConf(text, 'fuzz.conf')) assert.ok(/^[A-Za-z0-9_.-]+$/.test(entry.key));
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_CONFIG_SYNTAX'), String(error));
      assert.match((error as Error).message, /^fuzz\.conf:\d+: /);
    }
  }
});

test.run();
