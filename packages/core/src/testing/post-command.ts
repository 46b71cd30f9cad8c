/**
 * A command dictionary posted over a real socket, as a client on another host posts it
 * (python-kismet-rest, a phone's scan app): for tests of routes that roles guard, where the
 * caller's headers (a cookie, a basic login, none) are the point.
 */

/** What the server answered: the status and the JSON body (undefined when empty). */
export interface PostedCommand {
  readonly status: number;
  readonly json: any;
}

/** Posts `dictionary` to `url` as form variable `json`, with `headers`. */
export async function postCommand(url: string, dictionary: unknown, headers: Readonly<Record<string, string>>): Promise<PostedCommand> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ json: JSON.stringify(dictionary) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}
