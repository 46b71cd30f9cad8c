/**
 * The event bus websocket (`eventbus/events.ws`), shared by every page: one connection,
 * subscriptions by topic, reconnection with a back-off after a drop (resubscribing), and a
 * `connected` signal for the header. The browser sends the session cookie with the upgrade.
 */
import { signal } from '@preact/signals';
import { socketUrl } from './server';

type Listener = (record: Record<string, any>) => void;

/** Whether the event bus is connected. */
export const connected = signal(false);

const listeners = new Map<string, Set<Listener>>();
let socket: WebSocket | undefined;
let retryMs = 1000;
let stopped = true;

function open(): void {
  const ws = new WebSocket(socketUrl('eventbus/events.ws'));
  socket = ws;
  ws.onopen = () => {
    connected.value = true;
    retryMs = 1000;
    for (const topic of listeners.keys()) ws.send(JSON.stringify({ SUBSCRIBE: topic }));
  };
  ws.onmessage = (event) => {
    let message: Record<string, any>;
    try {
      message = JSON.parse(String(event.data)) as Record<string, any>;
    } catch {
      return;
    }
    for (const [topic, record] of Object.entries(message)) for (const listener of listeners.get(topic) ?? []) listener(record);
  };
  ws.onclose = () => {
    connected.value = false;
    if (socket !== ws || stopped) return;
    setTimeout(() => !stopped && open(), retryMs);
    retryMs = Math.min(30_000, retryMs * 2);
  };
}

/** Starts the connection (after login). */
export function startEventBus(): void {
  if (!stopped) return;
  stopped = false;
  open();
}

/** Closes the connection (at logout). */
export function stopEventBus(): void {
  stopped = true;
  socket?.close();
  socket = undefined;
}

/** Calls `listener` with each event of `topic`; returns what unsubscribes. */
export function subscribe(topic: string, listener: Listener): () => void {
  let set = listeners.get(topic);
  if (!set) {
    listeners.set(topic, (set = new Set()));
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ SUBSCRIBE: topic }));
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) {
      listeners.delete(topic);
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ UNSUBSCRIBE: topic }));
    }
  };
}
