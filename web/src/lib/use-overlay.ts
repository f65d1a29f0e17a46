/**
 * The screen's message overlay (spec §4 "Message overlays"): green on success, red on error, shown for 2 s, then a
 * 300 ms fade, then gone. A new message replaces the one showing and starts its own timing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const OVERLAY_SHOW_MS = 2000;
export const OVERLAY_FADE_MS = 300;

export type OverlayKind = 'success' | 'error';

export interface Overlay {
  seq: number;
  kind: OverlayKind;
  text: string;
  fading: boolean;
}

export function useOverlay() {
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const seq = useRef(0);
  const show = useCallback((kind: OverlayKind, text: string) => {
    seq.current += 1;
    setOverlay({ seq: seq.current, kind, text, fading: false });
  }, []);
  useEffect(() => {
    if (!overlay) return;
    const timer = setTimeout(
      () => setOverlay(overlay.fading ? null : { ...overlay, fading: true }),
      overlay.fading ? OVERLAY_FADE_MS : OVERLAY_SHOW_MS,
    );
    return () => clearTimeout(timer);
  }, [overlay]);
  return { overlay, show };
}
