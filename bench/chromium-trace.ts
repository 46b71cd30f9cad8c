/**
 * The page's main-thread tasks in a Chromium trace (`browser.startTracing` with the `toplevel`
 * category): each task's wall-clock time and the CPU time the thread itself spent in it. On a
 * machine whose cores are shared with other work a task's wall clock also counts the time the
 * thread waited for a core, which the browser's own long-task figures cannot tell apart; the
 * CPU time is what the page's code and rendering cost.
 */

/** One main-thread task: milliseconds of wall clock and of the thread's CPU. */
export interface TraceTask {
  readonly wallMs: number;
  readonly cpuMs: number;
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/** The tasks of the main thread of the page's renderer (the one with a compositor thread) in a trace. */
export function mainThreadTasks(trace: Buffer | string): TraceTask[] {
  const parsed = JSON.parse(String(trace)) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const threads = events.filter((event) => event.ph === 'M' && event.name === 'thread_name');
  const compositors = new Set(threads.filter((event) => event.args?.name === 'Compositor').map((event) => event.pid));
  const main = threads.find((event) => event.args?.name === 'CrRendererMain' && compositors.has(event.pid));
  if (!main) throw new Error('the trace has no renderer main thread');
  return events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask')
    .map((event) => ({ wallMs: (event.dur ?? 0) / 1000, cpuMs: (event.tdur ?? 0) / 1000 }));
}
