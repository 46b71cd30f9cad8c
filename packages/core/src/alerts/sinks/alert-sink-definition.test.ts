import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSvcError } from '../../errors.js';
import { createLogger } from '../../logger.js';
import { mutateText, seededRandom } from '../../testing/fuzz.js';
import { parseAlertSinkLine, sinkWants } from './alert-sink-definition.js';
import { syslogSinkType } from './syslog-sink.js';
import { webhookSinkType } from './webhook-sink.js';

const types: Record<string, Readonly<Record<string, string>>> = { webhook: webhookSinkType.options, syslog: syslogSinkType.options };
const parse = (line: string, taken?: Set<string>) => parseAlertSinkLine(line, (type) => types[type], taken);

const fails = (line: string, pattern: RegExp): Error => {
  try {
    parse(line);
  } catch (error) {
    assert.ok(isSvcError(error, 'SVC_ERR_BAD_ALERT_SINK'), String(error));
    assert.match((error as Error).message, pattern);
    return error as Error;
  }
  throw new Error(`'${line}' should be refused`);
};

test('a webhook line: type, own options, generic options and defaults', () => {
  const { definition, filter, policy } = parse('webhook:url=https://hooks.example/a?b=c,name=ops,headers="deauthflood, APSPOOF",severity=high,retries=5,retry_delay=0.5,timeout=3,queue=10');
  assert.is(definition.type, 'webhook');
  assert.is(definition.name, 'ops');
  assert.equal([...definition.options], [['url', 'https://hooks.example/a?b=c']]);
  assert.equal([...filter.headers].sort(), ['APSPOOF', 'DEAUTHFLOOD']);
  assert.is(filter.minSeverity, 15);
  assert.equal(policy, { retries: 5, retryDelay: 0.5, timeout: 3, queueMax: 10 });
  const plain = parse('syslog:host=127.0.0.1');
  assert.is(plain.definition.name, 'syslog');
  assert.equal(plain.policy, { retries: 3, retryDelay: 1, timeout: 10, queueMax: 1000 });
  assert.is(plain.filter.headers.size, 0);
  assert.is(plain.filter.minSeverity, 0);
});

test('severity by name or number; the filter passes what it should', () => {
  assert.is(parse('syslog:host=h,severity=MEDIUM').filter.minSeverity, 10);
  assert.is(parse('syslog:host=h,severity=20').filter.minSeverity, 20);
  const { filter } = parse('syslog:host=h,headers=DEAUTHFLOOD,severity=low');
  assert.ok(sinkWants(filter, 'DEAUTHFLOOD', 5));
  assert.not.ok(sinkWants(filter, 'DEAUTHFLOOD', 0), 'below the severity');
  assert.not.ok(sinkWants(filter, 'APSPOOF', 20), 'another header');
  assert.ok(sinkWants(parse('syslog:host=h,headers=*').filter, 'ANY', 0));
});

test('default names are numbered when a type is used twice; a given name cannot repeat', () => {
  assert.is(parse('syslog:host=a', new Set(['syslog'])).definition.name, 'syslog-2');
  try {
    parse('syslog:host=a,name=x', new Set(['x']));
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, /another alert_sink line has this name/);
  }
});

test('bad lines say what is wrong, without quoting a secret', () => {
  fails('', /empty/);
  fails('nosuch:x=1', /no sink type 'nosuch'/);
  fails('webhook:url=https://h,colour=red', /no option 'colour'.*url, secret, secret_env.*headers/);
  fails('syslog:host=h,severity=loud', /severity 'loud' is not one of info, low, medium, high, critical/);
  fails('syslog:host=h,severity=7', /severity '7'/);
  fails('syslog:host=h,retries=-1', /retries must be an integer from 0 to 20/);
  fails('syslog:host=h,retries=2.5', /retries must be an integer/);
  fails('syslog:host=h,timeout=0', /timeout must be a number from 0.1/);
  fails('syslog:host=h,queue=abc', /queue must be an integer/);
  fails('syslog:host=h,headers="A B"', /'A B' is not an alert name/);
  fails('syslog:host=h,headers=","', /names no alert/);
  fails('syslog:host=h,name=a b', /name may use letters/);
  const quoted = fails('webhook:url=https://h,secret="s3cret', /double quote is not closed/);
  assert.not.match(quoted.message, /s3cret/, 'the secret is not repeated');
  fails('web hook:url=x', /not a sink type name/);
});

test('fuzz: mutated lines parse or fail with SVC_ERR_BAD_ALERT_SINK', () => {
  const random = seededRandom(5424);
  const seeds = [
    'webhook:url=https://hooks.example/x,secret=abc,headers="A,B",severity=high,retries=2',
    'syslog:host=127.0.0.1,port=514,transport=tcp,facility=local3,name=siem,queue=5',
  ];
  let parsed = 0;
  for (let i = 0; i < 4000; i++) {
    const line = mutateText(seeds[i % seeds.length]!, random);
    try {
      const result = parse(line);
      // The type checks its own option values too, in the same coded error.
      ({ webhook: webhookSinkType, syslog: syslogSinkType })[result.definition.type as 'webhook' | 'syslog'].create(result.definition, { serverName: 'svc', version: '0', log: createLogger({ write: () => {} }) });
      parsed++;
      assert.ok(/^[a-z0-9_-]+$/.test(result.definition.type));
      assert.ok(result.policy.retries >= 0 && result.policy.queueMax >= 1);
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_BAD_ALERT_SINK'), `${JSON.stringify(line)}: ${String(error)}`);
    }
  }
  assert.ok(parsed > 100, `some mutations still parse (${parsed})`);
});

test.run();
