/**
 * Whether a server answers other clients while it does long work for one, without timing it:
 * a second client asks for status.json, one request after another, until the work is done. A
 * server busy with the work alone would answer the first request only after it, so two answers
 * or more mean the two were served side by side.
 */
import * as assert from 'uvu/assert';

/** How many status answers `base` gave while `done` was pending. */
export async function statusAnswersWhile(base: string, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => {});
  let answers = 0;
  const authorization = `Basic ${Buffer.from('admin:test-password').toString('base64')}`;
  while (!finished) {
    const response = await fetch(`${base}/system/status.json`, { headers: { authorization } });
    assert.is(response.status, 200);
    await response.arrayBuffer();
    answers++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await done;
  return answers;
}
