/**
 * Commands from the centre: what the fleet view sends a sensor over NATS request/reply when an
 * admin pauses, resumes or retunes one of the sensor's sources through the ordinary datasource
 * routes, and what the sensor answers. Only these four commands travel; anything else a route
 * can do to a source stays with the sensor's own API.
 */
import { SvcError, isSvcError, type ErrorCode } from '@svc/core';

/** The datasource commands the fleet carries, by their route names. */
export const FLEET_COMMANDS = ['pause_source', 'resume_source', 'set_channel', 'set_hop'] as const;

/** One of them. */
export type FleetCommandName = (typeof FLEET_COMMANDS)[number];

/** The request: the command, the source, the route's dictionary, and who asked at the centre. */
export interface FleetCommandRequest {
  readonly command: FleetCommandName;
  readonly uuid: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly user: string;
  readonly role: string;
}

/** The answer: the source's state after the command, or why it was refused. */
export type FleetCommandReply = { readonly source: Record<string, unknown> } | { readonly error: { readonly code: string; readonly message: string } };

/** Whether a route command is one the fleet carries. */
export function isFleetCommand(command: string): command is FleetCommandName {
  return (FLEET_COMMANDS as readonly string[]).includes(command);
}

/** The reply for an error: an svc error keeps its code (and so its HTTP status at the centre). */
export function errorReply(error: unknown): FleetCommandReply {
  return { error: isSvcError(error) ? { code: error.code, message: error.message } : { code: 'SVC_ERR_INTERNAL', message: (error as Error).message } };
}

/** The source's state from a reply, or the sensor's error thrown again at the centre. */
export function replySource(reply: FleetCommandReply): Record<string, unknown> {
  if ('error' in reply) throw new SvcError(reply.error.code as ErrorCode, reply.error.message);
  return reply.source;
}
