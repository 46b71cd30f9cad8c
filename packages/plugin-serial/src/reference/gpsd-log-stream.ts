/**
 * A gpsd regression log as the byte stream the serial GPS behind it sent: gpsd's `#` comment
 * lines and blank lines dropped, CRLF line ends. `npm run test-data` makes the streams the serial
 * tests replay from the shared data set's gpsd logs with it.
 */

/** The serial byte stream of a gpsd test log. */
export function gpsdLogStream(log: Uint8Array): Buffer {
  const lines = Buffer.from(log).toString('latin1').split(/\r?\n/).filter((line) => line !== '' && !line.startsWith('#'));
  return Buffer.from(lines.map((line) => `${line}\r\n`).join(''), 'latin1');
}
