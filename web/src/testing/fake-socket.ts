/**
 * A fake `@/lib/socket` for component tests: records what the screen emits, acks each event (with
 * `answers[event]()`, else the answer function given to `resetFakeSocket` / `answerWith`, else `{success: true}`) and
 * lets a test push server events. Use it with `vi.mock('@/lib/socket', () => import('@/testing/fake-socket'))` and
 * `resetFakeSocket()` before each test.
 *
 * Event names are the document's (`lib/socket-types`): a test that pushes or expects an event the server does not
 * have fails `tsc`. Payloads and answers are left open, so a test can also send what the server should not.
 */
import { act } from '@testing-library/react';
import type { ListenName, RequestName } from '@/lib/socket-types';

type Handler = (...args: unknown[]) => void;
type Answer = (event: RequestName, payload: unknown) => unknown;

const success: Answer = () => ({ success: true });

export const handlers = new Map<ListenName, Set<Handler>>();
/** Every emit, in order: `[event, payload]`. */
export const emitted: [RequestName, unknown][] = [];
/** Per-event acks; an event not named here gets the answer function's. */
export const answers: Partial<Record<RequestName, () => unknown>> = {};
let answer: Answer = success;

const socket = {
  connected: true,
  on(e: ListenName, h: Handler) {
    if (!handlers.has(e)) handlers.set(e, new Set());
    handlers.get(e)!.add(h);
    return socket;
  },
  off(e: ListenName, h: Handler) {
    handlers.get(e)?.delete(h);
    return socket;
  },
  timeout() {
    return socket;
  },
  emit(event: RequestName, payload: unknown, cb?: Handler) {
    emitted.push([event, payload]);
    const a = answers[event];
    cb?.(null, a ? a() : answer(event, payload));
    return socket;
  },
};

export const getSocket = () => socket;
export const disconnectSocket = () => undefined;

/** Forgets every listener, emit and answer; acks then come from `a` (default `{success: true}`). */
export function resetFakeSocket(a: Answer = success): void {
  handlers.clear();
  emitted.length = 0;
  for (const k of Object.keys(answers) as RequestName[]) delete answers[k];
  answer = a;
}

export function answerWith(a: Answer): void {
  answer = a;
}

/** The server pushes `event` to every listener. */
export const serverSends = (event: ListenName, payload: unknown) =>
  act(() => handlers.get(event)?.forEach((h) => h(payload)));

export const emittedNames = () => emitted.map(([e]) => e);

/** The payloads emitted as `event`, in order. */
export const payloadsOf = (event: RequestName) => emitted.filter(([e]) => e === event).map(([, p]) => p);

export const listeners = (event: ListenName): number => handlers.get(event)?.size ?? 0;
