/** A stand-in for the shared socket in component tests: records emits, answers acks, lets a test play server events. */
import { act } from '@testing-library/react';

type Handler = (...args: unknown[]) => void;
type Answer = (event: string, payload: unknown) => unknown;

const handlers = new Map<string, Set<Handler>>();
export const emitted: { event: string; payload: unknown }[] = [];
let answer: Answer = () => ({ success: true });

export const fakeSocket = {
  connected: true,
  on(e: string, h: Handler) {
    if (!handlers.has(e)) handlers.set(e, new Set());
    handlers.get(e)!.add(h);
    return fakeSocket;
  },
  off(e: string, h: Handler) {
    handlers.get(e)?.delete(h);
    return fakeSocket;
  },
  timeout() {
    return fakeSocket;
  },
  emit(event: string, payload: unknown, cb?: Handler) {
    emitted.push({ event, payload });
    cb?.(null, answer(event, payload));
    return fakeSocket;
  },
};

export function resetFakeSocket(a: Answer): void {
  emitted.length = 0;
  handlers.clear();
  answer = a;
}

export function answerWith(a: Answer): void {
  answer = a;
}

export function listeners(event: string): number {
  return handlers.get(event)?.size ?? 0;
}

/** The server sends `event` to this client. */
export function serverSends(event: string, payload: unknown): void {
  act(() => handlers.get(event)?.forEach((h) => h(payload)));
}

export const emits = (event: string) => emitted.filter((e) => e.event === event);
