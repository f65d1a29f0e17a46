import type { Overlay } from '@/lib/use-overlay';

/**
 * The green (success) or red (error) message over the screen (`.msg-overlay` in index.css); it fades by itself and
 * never takes a tap. `testId`: the prefix of its test id, the kind after it.
 */
export function MessageOverlay({ overlay, testId }: { overlay: Overlay | null; testId: string }) {
  if (!overlay) return null;
  return (
    <div
      key={overlay.seq}
      className={`msg-overlay msg-overlay-${overlay.kind} ${overlay.fading ? 'msg-fading' : ''}`}
      role={overlay.kind === 'error' ? 'alert' : 'status'}
      data-testid={`${testId}-${overlay.kind}`}
    >
      {overlay.text}
    </div>
  );
}
