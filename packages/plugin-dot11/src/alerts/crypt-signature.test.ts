/**
 * The encryption signature equals exactly when Kismet's crypt bitsets do: suites that Kismet
 * folds together compare equal, and the ones it tells apart do not.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CryptSignature, describeCrypt } from './crypt-signature.js';

function rsn(group: number, pairwise: number[], akms: number[]): [number, number] {
  const crypt = new CryptSignature();
  crypt.rsnGroup(group);
  pairwise.forEach((type) => crypt.rsnPairwise(type));
  akms.forEach((type) => crypt.rsnAkm(type));
  return [crypt.ciphers, crypt.akms];
}

function wpa(version: number, group: number, pairwise: number[], akms: number[]): [number, number] {
  const crypt = new CryptSignature();
  crypt.wpaCipher(group, true);
  pairwise.forEach((type) => crypt.wpaCipher(type, false));
  akms.forEach((type) => crypt.wpaAkm(type));
  crypt.wpaVersion(version);
  return [crypt.ciphers, crypt.akms];
}

test('what Kismet folds together compares equal', () => {
  assert.equal(rsn(4, [4, 4], [2]), rsn(4, [4], [2, 2]), 'repeated suites');
  assert.equal(rsn(4, [4, 0, 7], [2, 0, 21]), rsn(4, [4], [2]), 'none, no-group, PASN and unknown types add nothing but "WPA" for an AKM');
  assert.equal(rsn(0, [], [99]), rsn(7, [], [0]), 'an unknown AKM still marks WPA');
});

test('what Kismet tells apart does not', () => {
  assert.not.equal(rsn(4, [4], [2]), rsn(4, [4], [8]), 'PSK and SAE');
  assert.not.equal(rsn(4, [4], [2]), rsn(2, [4], [2]), 'group cipher');
  assert.not.equal(rsn(4, [4], [2]), wpa(1, 4, [4], [2]), 'RSN and WPA1 with the same suites (the version bit)');
  assert.not.equal(wpa(1, 2, [2], [2]), wpa(1, 2, [2], [1]), 'WPA PSK and 802.1X');
  const open = new CryptSignature();
  assert.equal([open.ciphers, open.akms], [0, 0]);
  open.oweTransition();
  assert.not.equal(open.akms, 0, 'an OWE transition element is encryption');
});

test('descriptions for alert texts', () => {
  assert.is(describeCrypt(0, 0), 'Open');
  assert.is(describeCrypt(...rsn(4, [4], [2])), 'WPA WPA2 PSK CCMP');
  assert.is(describeCrypt(...wpa(1, 2, [2], [2])), 'WPA WPA1 PSK TKIP');
});

test.run();
