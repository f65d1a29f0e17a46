/**
 * A scratch card over a round's revealed result: a canvas cover the player scratches away by touch or mouse
 * (Pointer Events). Once REVEAL_AT of it is gone the whole cover fades out and the card stays open for the rest of
 * the round; a new round (another `roundId`) starts covered again. The result underneath is the server's, already
 * on screen: the card only hides it, and nothing waits for it (timers and bets go on as before). "Reveal" opens it
 * at once for keyboard and screen-reader users.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRUSH_RADIUS, isScratchedOpen, scratchedFraction } from '../scratch';
import '../titli.css';

/** How often a stroke in progress reads the canvas (the end of every stroke reads it too). */
const CHECK_EVERY_MS = 120;
/** The cover's pixels are read back after strokes: ask the browser to keep them where reading is cheap. */
const CONTEXT: CanvasRenderingContext2DSettings = { willReadFrequently: true };

const COVER_TOP = '#c9ced8';
const COVER_BOTTOM = '#8f97a8';
const COVER_SHINE = 'rgba(255,255,255,0.18)';
const COVER_TEXT = '#2b303b';

type Point = { x: number; y: number };

/** Paints the cover over the whole canvas, sized to its box (CSS pixels, sharp on high-density screens). */
function paintCover(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D, hint: string): void {
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  if (w <= 0 || h <= 0) return;
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  const grad = ctx.createLinearGradient(0, 0, w, h);
  grad.addColorStop(0, COVER_TOP);
  grad.addColorStop(1, COVER_BOTTOM);
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = COVER_SHINE;
  ctx.lineWidth = 6;
  for (let x = -h; x < w; x += 22) {
    ctx.beginPath();
    ctx.moveTo(x, h);
    ctx.lineTo(x + h, 0);
    ctx.stroke();
  }
  ctx.fillStyle = COVER_TEXT;
  ctx.font = '800 16px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(hint, w / 2, h / 2, w - 24);
}

/** Erases a brush stroke from `from` to `to` (a dot when they are the same point). */
function erase(ctx: CanvasRenderingContext2D, from: Point, to: Point): void {
  ctx.globalCompositeOperation = 'destination-out';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = BRUSH_RADIUS * 2;
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(to.x, to.y, BRUSH_RADIUS, 0, Math.PI * 2);
  ctx.fill();
}

interface Props {
  /** The round whose result is underneath: another round resets the card. */
  roundId: number;
  /** The revealed result. */
  children: ReactNode;
}

export function ScratchCard({ roundId, children }: Props) {
  const { t } = useTranslation('titli');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const last = useRef<Point | null>(null);
  const checkedAt = useRef(0);
  const focusResult = useRef(false);
  // The round the player opened (the card is open only for that round: a new round starts covered).
  const [openedRound, setOpenedRound] = useState<number | null>(null);
  const open = openedRound === roundId;
  const hint = t('scratch.hint');

  // A fresh cover for every round (and when the box changes size: the cover must fill it). An open card keeps
  // its canvas as it is while it fades out.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || open) return;
    last.current = null;
    const ctx = canvas.getContext('2d', CONTEXT);
    if (!ctx) {
      // No 2D canvas here: a plain cover, opened with Reveal.
      canvas.dataset.fallback = 'true';
      return;
    }
    delete canvas.dataset.fallback;
    let size = '';
    const paint = () => {
      const now = `${canvas.clientWidth}x${canvas.clientHeight}`;
      if (now === size) return;
      size = now;
      paintCover(canvas, ctx, hint);
    };
    paint();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(paint);
    ro.observe(canvas);
    return () => ro.disconnect();
  }, [roundId, hint, open]);

  // Opened with Reveal: the result takes the focus (the button is gone), so a screen reader reads it.
  useEffect(() => {
    if (open && focusResult.current) {
      focusResult.current = false;
      resultRef.current?.focus();
    }
  }, [open]);

  const pointOf = (e: ReactPointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  /** Reads how much is scratched; opens the card from REVEAL_AT on. */
  const check = (canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d', CONTEXT);
    if (!ctx || canvas.width === 0 || canvas.height === 0) return;
    checkedAt.current = performance.now();
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    if (isScratchedOpen(scratchedFraction(data))) setOpenedRound(roundId);
  };

  const onDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (open || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const ctx = e.currentTarget.getContext('2d', CONTEXT);
    if (!ctx) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = pointOf(e);
    last.current = p;
    erase(ctx, p, p);
  };

  const onMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    if (open || !from) return;
    const ctx = e.currentTarget.getContext('2d', CONTEXT);
    if (!ctx) return;
    const p = pointOf(e);
    erase(ctx, from, p);
    last.current = p;
    if (performance.now() - checkedAt.current >= CHECK_EVERY_MS) check(e.currentTarget);
  };

  const onUp = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    last.current = null;
    if (!open) check(e.currentTarget);
  };

  const reveal = () => {
    focusResult.current = true;
    setOpenedRound(roundId);
  };

  const state = open ? 'open' : 'covered';
  return (
    <div
      role="group"
      className={`scratch-card scratch-${state}`}
      data-testid="scratch-card"
      data-state={state}
      data-round={roundId}
      aria-label={t('scratch.label')}
    >
      <div className="scratch-result" ref={resultRef} tabIndex={-1} aria-hidden={!open}>
        {children}
      </div>
      <canvas
        ref={canvasRef}
        className="scratch-canvas"
        data-testid="scratch-canvas"
        aria-hidden
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        onLostPointerCapture={onUp}
      />
      {!open && (
        <button type="button" className="btn btn-small scratch-reveal" onClick={reveal} data-testid="scratch-reveal">
          {t('scratch.reveal')}
        </button>
      )}
    </div>
  );
}
