/**
 * Coded errors. Every error svc raises on purpose is an `SvcError` with a stable `code`
 * (`SVC_ERR_*`) that clients and tests can match on, an HTTP status for when it reaches a
 * client, and a message that names the culprit and, where there is one, the remedy.
 */

/** The stable error codes svc uses; a client can switch on these, they never change meaning. */
export const ErrorCodes = {
  BAD_REQUEST: 'SVC_ERR_BAD_REQUEST',
  BAD_JSON: 'SVC_ERR_BAD_JSON',
  BAD_FIELDS: 'SVC_ERR_BAD_FIELDS',
  BAD_TIMESTAMP: 'SVC_ERR_BAD_TIMESTAMP',
  BAD_RATE: 'SVC_ERR_BAD_RATE',
  MISSING_KEY: 'SVC_ERR_MISSING_KEY',
  UNSUPPORTED_MEDIA_TYPE: 'SVC_ERR_UNSUPPORTED_MEDIA_TYPE',
  BODY_TOO_LARGE: 'SVC_ERR_BODY_TOO_LARGE',
  UNAUTHORIZED: 'SVC_ERR_UNAUTHORIZED',
  BAD_CREDENTIALS: 'SVC_ERR_BAD_CREDENTIALS',
  FORBIDDEN: 'SVC_ERR_FORBIDDEN',
  NOT_FOUND: 'SVC_ERR_NOT_FOUND',
  METHOD_NOT_ALLOWED: 'SVC_ERR_METHOD_NOT_ALLOWED',
  CONFLICT: 'SVC_ERR_CONFLICT',
  ALERT_THROTTLED: 'SVC_ERR_ALERT_THROTTLED',
  INTERNAL: 'SVC_ERR_INTERNAL',
  QUERY_BUDGET: 'SVC_ERR_QUERY_BUDGET',
  CLIENT_GONE: 'SVC_ERR_CLIENT_GONE',
  TOO_MANY_SUBSCRIPTIONS: 'SVC_ERR_TOO_MANY_SUBSCRIPTIONS',
  TOO_MANY_SOURCES: 'SVC_ERR_TOO_MANY_SOURCES',
  TOO_MANY_DUMPS: 'SVC_ERR_TOO_MANY_DUMPS',
  TOO_MANY_STREAMS: 'SVC_ERR_TOO_MANY_STREAMS',
  SLOW_CLIENT: 'SVC_ERR_SLOW_CLIENT',
  LIST_FULL: 'SVC_ERR_LIST_FULL',
  LISTEN: 'SVC_ERR_LISTEN',
  CONFIG_SYNTAX: 'SVC_ERR_CONFIG_SYNTAX',
  CONFIG_VALUE: 'SVC_ERR_CONFIG_VALUE',
  CONFIG_INCLUDE: 'SVC_ERR_CONFIG_INCLUDE',
  FIELD_DUPLICATE: 'SVC_ERR_FIELD_DUPLICATE',
  FIELD_NAME: 'SVC_ERR_FIELD_NAME',
  REGISTRY_DUPLICATE: 'SVC_ERR_REGISTRY_DUPLICATE',
  REGISTRY_FROZEN: 'SVC_ERR_REGISTRY_FROZEN',
  UNKNOWN_TOPIC: 'SVC_ERR_UNKNOWN_TOPIC',
  PLUGIN_INVALID: 'SVC_ERR_PLUGIN_INVALID',
  PLUGIN_CORE_VERSION: 'SVC_ERR_PLUGIN_CORE_VERSION',
  PLUGIN_MISSING_DEPENDENCY: 'SVC_ERR_PLUGIN_MISSING_DEPENDENCY',
  PLUGIN_DEPENDENCY_FAILED: 'SVC_ERR_PLUGIN_DEPENDENCY_FAILED',
  PLUGIN_DEPENDENCY_CYCLE: 'SVC_ERR_PLUGIN_DEPENDENCY_CYCLE',
  PLUGIN_DUPLICATE: 'SVC_ERR_PLUGIN_DUPLICATE',
  PLUGIN_LOAD: 'SVC_ERR_PLUGIN_LOAD',
  PLUGIN_APPLY: 'SVC_ERR_PLUGIN_APPLY',
  BAD_DEFINITION: 'SVC_ERR_BAD_DEFINITION',
  BAD_CHANNEL: 'SVC_ERR_BAD_CHANNEL',
  NO_DATASOURCE_TYPE: 'SVC_ERR_NO_DATASOURCE_TYPE',
  DATASOURCE_OPEN: 'SVC_ERR_DATASOURCE_OPEN',
  DATASOURCE_PERMANENT: 'SVC_ERR_DATASOURCE_PERMANENT',
  DATASOURCE_UNSUPPORTED: 'SVC_ERR_DATASOURCE_UNSUPPORTED',
  REMOTE_PROTOCOL: 'SVC_ERR_REMOTE_PROTOCOL',
  REMOTE_REFUSED: 'SVC_ERR_REMOTE_REFUSED',
  BAD_GPS_DEFINITION: 'SVC_ERR_BAD_GPS_DEFINITION',
  NO_GPS_TYPE: 'SVC_ERR_NO_GPS_TYPE',
  GPS_OPEN: 'SVC_ERR_GPS_OPEN',
  LOG_WRITE: 'SVC_ERR_LOG_WRITE',
  LOG_NO_SPACE: 'SVC_ERR_LOG_NO_SPACE',
  BAD_STATE: 'SVC_ERR_BAD_STATE',
  /** A saved state another version of svc (or of a PHY plugin) wrote, in a layout this one does not read: expected after an upgrade. */
  STATE_VERSION: 'SVC_ERR_STATE_VERSION',
  BAD_ALERT_SINK: 'SVC_ERR_BAD_ALERT_SINK',
} as const;

/** One of the values of {@link ErrorCodes}. */
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

const defaultStatus: Partial<Record<ErrorCode, number>> = {
  SVC_ERR_BAD_REQUEST: 400,
  SVC_ERR_BAD_JSON: 400,
  SVC_ERR_BAD_FIELDS: 400,
  SVC_ERR_BAD_TIMESTAMP: 400,
  SVC_ERR_BAD_RATE: 400,
  SVC_ERR_MISSING_KEY: 400,
  SVC_ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  SVC_ERR_BODY_TOO_LARGE: 413,
  SVC_ERR_UNAUTHORIZED: 401,
  SVC_ERR_BAD_CREDENTIALS: 401,
  SVC_ERR_FORBIDDEN: 403,
  SVC_ERR_NOT_FOUND: 404,
  SVC_ERR_METHOD_NOT_ALLOWED: 405,
  SVC_ERR_CONFLICT: 409,
  SVC_ERR_ALERT_THROTTLED: 429,
  SVC_ERR_QUERY_BUDGET: 503,
  SVC_ERR_CLIENT_GONE: 499,
  SVC_ERR_TOO_MANY_SUBSCRIPTIONS: 429,
  SVC_ERR_TOO_MANY_SOURCES: 429,
  SVC_ERR_TOO_MANY_DUMPS: 429,
  SVC_ERR_TOO_MANY_STREAMS: 429,
  SVC_ERR_LIST_FULL: 400,
  SVC_ERR_LOG_NO_SPACE: 507,
  SVC_ERR_BAD_DEFINITION: 400,
  SVC_ERR_BAD_CHANNEL: 400,
  SVC_ERR_NO_DATASOURCE_TYPE: 400,
  SVC_ERR_DATASOURCE_UNSUPPORTED: 400,
  SVC_ERR_DATASOURCE_PERMANENT: 400,
  SVC_ERR_REMOTE_REFUSED: 400,
  SVC_ERR_BAD_GPS_DEFINITION: 400,
  SVC_ERR_NO_GPS_TYPE: 400,
  SVC_ERR_BAD_ALERT_SINK: 400,
};

/** The one error class svc throws on purpose, so every failure carries a code and a status. */
export class SvcError extends Error {
  override readonly name = 'SvcError';
  /** HTTP status used when this error answers a request (500 when the code has none). */
  readonly status: number;
  /** Seconds after which the request may succeed, sent as `Retry-After` (refusals of a busy server). */
  readonly retryAfter?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { status?: number; cause?: unknown; retryAfter?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = options?.status ?? defaultStatus[code] ?? 500;
    if (options?.retryAfter !== undefined) this.retryAfter = options.retryAfter;
  }
}

/** Narrows an unknown thrown value to an `SvcError`, optionally of one code. */
export function isSvcError(value: unknown, code?: ErrorCode): value is SvcError {
  return value instanceof SvcError && (code === undefined || value.code === code);
}

/** Renders any thrown value as one line for logs and reports, without a stack. */
export function describeError(value: unknown): string {
  if (value instanceof SvcError) return `${value.code}: ${value.message}`;
  if (value instanceof Error) return value.message;
  return String(value);
}
