/**
 * A fake `@/lib/socket` for component tests: records what the screen emits, acks each event with `answers[event]()`
 * (else `{success: true}`) and lets a test push server events. Use it with
 * `vi.mock('@/lib/socket', () => import('../testing/fake-socket'))` and `resetFakeSocket()` before each test.
 */
import { act } from '@testing-library/react';

type Handler = (...args: unknown[]) => void;

export const handlers = new Map<string, Set<Handler>>();
export const emitted: [string, unknown][] = [];
export const answers: Partial<Record<string, () => unknown>> = {};

const socket = {
  connected: true,
  on(e: string, h: Handler) {
    if (!handlers.has(e)) handlers.set(e, new Set());
    handlers.get(e)!.add(h);
    return socket;
  },
  off(e: string, h: Handler) {
    handlers.get(e)?.delete(h);
    return socket;
  },
  timeout() {
    return socket;
  },
  emit(event: string, payload: unknown, cb?: Handler) {
    emitted.push([event, payload]);
    cb?.(null, answers[event]?.() ?? { success: true });
    return socket;
  },
};

export const getSocket = () => socket;
export const disconnectSocket = () => undefined;

/** The server pushes `event` to every listener. */
export const serverSends = (event: string, payload: unknown) =>
  act(() => handlers.get(event)?.forEach((h) => h(payload)));

export const emittedNames = () => emitted.map(([e]) => e);

export function resetFakeSocket(): void {
  handlers.clear();
  emitted.length = 0;
  for (const k of Object.keys(answers)) delete answers[k];
}
