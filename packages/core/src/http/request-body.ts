/**
 * Reads a request's command dictionary and variables (spec 4.1): a form body with variable
 * `json` holding the dictionary, or an `application/json` body that is the dictionary, with or
 * without `; charset=UTF-8`. Other form variables and the query string become plain variables.
 * Malformed JSON or a dictionary that is not an object is a 400; bodies over the limit a 413.
 */
import { SvcError } from '../errors.js';

/** What a request carries besides its path. */
export interface RequestInput {
  readonly command: Record<string, unknown>;
  readonly vars: Record<string, string>;
}

/** Reads the command dictionary and variables of a request. */
export async function readRequestInput(request: Request, maxBodyBytes: number): Promise<RequestInput> {
  const vars: Record<string, string> = {};
  const url = new URL(request.url);
  for (const [key, value] of url.searchParams) vars[key] = value;
  let command: Record<string, unknown> = {};
  if (request.method !== 'POST' && request.method !== 'PUT') return { command, vars };

  const text = await readBodyText(request, maxBodyBytes);
  if (text.trim() === '') return { command, vars };
  const contentType = request.headers.get('content-type') ?? '';
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new SvcError('SVC_ERR_UNSUPPORTED_MEDIA_TYPE', `charset '${charset}' is not supported; send UTF-8`);
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    for (const [key, value] of new URLSearchParams(text)) {
      if (key === 'json') command = parseDictionary(value, "the form variable 'json'");
      else vars[key] = value;
    }
  } else if (mediaType === 'application/json') {
    command = parseDictionary(text, 'the JSON body');
  } else {
    throw new SvcError(
      'SVC_ERR_UNSUPPORTED_MEDIA_TYPE',
      `content type '${mediaType || '(none)'}' is not supported; send application/x-www-form-urlencoded with a 'json' variable, or application/json`,
    );
  }
  return { command, vars };
}

function parseDictionary(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SvcError('SVC_ERR_BAD_JSON', `${what} is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SvcError('SVC_ERR_BAD_JSON', `${what} must be a JSON object (a dictionary of parameters)`);
  }
  return value as Record<string, unknown>;
}

async function readBodyText(request: Request, maxBodyBytes: number): Promise<string> {
  const tooLarge = () => new SvcError('SVC_ERR_BODY_TOO_LARGE', `request body is larger than the limit of ${maxBodyBytes} bytes`);
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBodyBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
