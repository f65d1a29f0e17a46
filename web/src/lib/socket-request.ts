/** Acked emits on the shared socket, typed by the document: the server's answer, or a refusal when none came. */
import { getSocket } from './socket';
import type { ErrorCode } from './api-types';
import type { AckOf, ErrorBody, RequestName, RequestOf } from './socket-types';

export const ACK_TIMEOUT_MS = 8000;

/** What an acked emit resolves to when no answer came in time (or the socket went down first). */
export interface NoAnswer {
  success: false;
  error: Extract<ErrorCode, 'unavailable'>;
  message: string;
}

const noAnswer = (message: string): NoAnswer => ({ success: false, error: 'unavailable', message });

/** The socket as `request` uses it: one event at a time, its pairing of event, payload and ack checked by `request`. */
interface AckedEmit {
  emit(event: string, payload: unknown, ack: (err: Error | null, answer: unknown) => void): unknown;
}

/**
 * Sends `event` with `payload` and resolves to the server's ack, or to `NoAnswer` after `timeoutMs` (also when the
 * server answers nothing at all: `null` or no value).
 */
export function request<E extends RequestName>(
  event: E,
  payload: RequestOf<E>,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<NonNullable<AckOf<E>> | NoAnswer> {
  return new Promise((resolve) => {
    // The typed socket cannot check a generic event against its payload; the signature above does.
    const s = getSocket().timeout(timeoutMs) as unknown as AckedEmit;
    s.emit(event, payload, (err, answer) => {
      resolve(err ? noAnswer(err.message) : ((answer ?? noAnswer('no answer')) as NonNullable<AckOf<E>> | NoAnswer));
    });
  });
}

/**
 * Whether an ack is a refusal (the server's `{success: false, error, message}`, or no answer) rather than what was
 * asked for. An answer that is not a refusal may have no `success` at all (a table's state, a match's detail).
 */
export function refused<A extends object>(ack: A): ack is Extract<A, ErrorBody | NoAnswer> {
  return 'error' in ack || (ack as { success?: unknown }).success === false;
}
