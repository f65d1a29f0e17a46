import type { Overlay } from '../../exchange/hooks/use-overlay';

/** The spec's message overlay (§4): green on success, red on error; it fades by itself and never takes a tap. */
export function MessageOverlay({ overlay }: { overlay: Overlay | null }) {
  if (!overlay) return null;
  return (
    <div
      key={overlay.seq}
      className={`pc-overlay pc-overlay-${overlay.kind} ${overlay.fading ? 'pc-fading' : ''}`}
      role={overlay.kind === 'error' ? 'alert' : 'status'}
      data-testid={`parchi-overlay-${overlay.kind}`}
    >
      {overlay.text}
    </div>
  );
}
