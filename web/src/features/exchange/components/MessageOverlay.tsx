import type { Overlay } from '../hooks/use-overlay';

/** The green (success) or red (error) message over the screen; it fades by itself and never takes a tap. */
export function MessageOverlay({ overlay }: { overlay: Overlay | null }) {
  if (!overlay) return null;
  return (
    <div
      key={overlay.seq}
      className={`ex-overlay ex-overlay-${overlay.kind} ${overlay.fading ? 'ex-fading' : ''}`}
      role={overlay.kind === 'error' ? 'alert' : 'status'}
      data-testid={`ex-overlay-${overlay.kind}`}
    >
      {overlay.text}
    </div>
  );
}
