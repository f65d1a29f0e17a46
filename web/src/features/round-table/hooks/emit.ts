/** Acked emits on the shared socket: the answer, or `{success:false}` when none came in time. */
import { getSocket } from '@/lib/socket';

export const ACK_TIMEOUT_MS = 8000;

export interface NoAnswer {
  success: false;
  error?: string;
  message?: string;
}

export function emitWithAck<T>(event: string, payload: unknown): Promise<T | NoAnswer> {
  return new Promise((resolve) => {
    getSocket()
      .timeout(ACK_TIMEOUT_MS)
      .emit(event, payload, (err: Error | null, res: T) => {
        resolve(err ? { success: false, error: 'unavailable', message: err.message } : (res ?? { success: false }));
      });
  });
}
