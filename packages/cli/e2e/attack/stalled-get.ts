/**
 * A reader that asks and then reads nothing: the answer's headers arrive, and the rest waits in
 * the sockets and the server. Attacks use it to hold a dump's or a stream's place, or to make
 * the server keep what a client does not take.
 */
import { get, type IncomingMessage } from 'node:http';

/** GETs `url` and stops reading once the headers are in; destroy the answer to let go. */
export function stalledGet(url: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) =>
    get(url, { headers }, (response) => {
      response.pause();
      resolve(response);
    }).on('error', reject),
  );
}
