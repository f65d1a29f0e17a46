/** The plane and its curve, drawn every frame from the last server state plus local elapsed time. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { curveAt, multiplierAt } from '../growth';
import { countdownLeftMs, flightElapsedMs, type RoundView } from '../state';

const CRASH_ANIM_MS = 1000;
const PAD = 28;

function drawPlane(ctx: CanvasRenderingContext2D, x: number, y: number, angle: number, scale: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.scale(scale, scale);
  ctx.fillStyle = '#ff2d55';
  ctx.beginPath(); // fuselage
  ctx.moveTo(22, 0);
  ctx.quadraticCurveTo(14, -6, -16, -4);
  ctx.lineTo(-20, 0);
  ctx.lineTo(-16, 4);
  ctx.quadraticCurveTo(14, 6, 22, 0);
  ctx.fill();
  ctx.beginPath(); // wings
  ctx.moveTo(4, -3);
  ctx.lineTo(-6, -18);
  ctx.lineTo(-11, -18);
  ctx.lineTo(-5, -3);
  ctx.moveTo(4, 3);
  ctx.lineTo(-6, 16);
  ctx.lineTo(-11, 16);
  ctx.lineTo(-5, 3);
  ctx.moveTo(-14, -3);
  ctx.lineTo(-20, -11);
  ctx.lineTo(-22, -11);
  ctx.lineTo(-19, 0);
  ctx.fill();
  ctx.fillStyle = '#ffd1dc';
  ctx.fillRect(8, -2, 6, 3); // cockpit
  ctx.restore();
}

function frame(
  ctx: CanvasRenderingContext2D,
  w: number,
  h: number,
  round: RoundView,
  now: number,
  crashSeenAt: number,
) {
  ctx.clearRect(0, 0, w, h);
  // Slowly turning sunburst behind everything.
  const cx = PAD;
  const cy = h - PAD;
  const turn = (now / 12000) % (Math.PI * 2);
  ctx.save();
  ctx.translate(cx, cy);
  for (let i = 0; i < 24; i++) {
    ctx.rotate(Math.PI / 12);
    ctx.fillStyle = i % 2 ? 'rgba(255,255,255,0.025)' : 'rgba(255,255,255,0)';
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.arc(0, 0, Math.max(w, h) * 1.5, turn, turn + Math.PI / 12);
    ctx.fill();
  }
  ctx.restore();
  // Axes.
  ctx.strokeStyle = 'rgba(255,255,255,0.12)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(PAD, PAD / 2);
  ctx.lineTo(PAD, h - PAD);
  ctx.lineTo(w - PAD / 2, h - PAD);
  ctx.stroke();

  if (round.phase === 'countdown') {
    drawPlane(ctx, PAD + 24, h - PAD - 14, 0, 1.1);
    return;
  }
  const elapsed = round.phase === 'flying' ? flightElapsedMs(round, now) : round.elapsed;
  const top = round.phase === 'crashed' && round.crashPoint ? round.crashPoint : curveAt(elapsed);
  const tMax = Math.max(8000, elapsed * 1.15);
  const mMax = Math.max(2, top * 1.2);
  const X = (t: number) => PAD + (t / tMax) * (w - PAD * 2.5);
  const Y = (m: number) => h - PAD - ((m - 1) / (mMax - 1)) * (h - PAD * 2.5);
  const steps = 60;
  ctx.beginPath();
  ctx.moveTo(X(0), Y(1));
  for (let i = 1; i <= steps; i++) {
    const t = (elapsed * i) / steps;
    ctx.lineTo(X(t), Y(curveAt(t)));
  }
  const endX = X(elapsed);
  const endY = Y(curveAt(elapsed));
  ctx.strokeStyle = '#ff2d55';
  ctx.lineWidth = 4;
  ctx.stroke();
  ctx.lineTo(endX, h - PAD);
  ctx.lineTo(X(0), h - PAD);
  ctx.closePath();
  const grad = ctx.createLinearGradient(0, 0, 0, h);
  grad.addColorStop(0, 'rgba(255,45,85,0.45)');
  grad.addColorStop(1, 'rgba(255,45,85,0.05)');
  ctx.fillStyle = grad;
  ctx.fill();

  const slope = Math.atan2(
    Y(curveAt(elapsed)) - Y(curveAt(Math.max(0, elapsed - 400))),
    X(elapsed) - X(Math.max(0, elapsed - 400)),
  );
  if (round.phase === 'flying') {
    drawPlane(ctx, endX, endY - 10, Math.max(slope, -0.9), 1.1);
  } else {
    // Crashed: the plane flies away up and to the right over one second.
    const p = Math.min(1, (now - crashSeenAt) / CRASH_ANIM_MS);
    if (p < 1) drawPlane(ctx, endX + p * w * 0.6, endY - 10 - p * h * 0.8, -0.7, 1.1);
  }
}

interface Props {
  round: RoundView;
}

export function FlightCanvas({ round }: Props) {
  const { t } = useTranslation('aviator');
  // The overlay's words, read by the drawing loop (it runs outside React's renders).
  const words = useRef({ connecting: '', placeBets: '', flewAway: '' });
  useEffect(() => {
    words.current = {
      connecting: t('flight.connecting'),
      placeBets: t('flight.placeBets'),
      flewAway: t('flight.flewAway'),
    };
  }, [t]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const multRef = useRef<HTMLDivElement>(null);
  const subRef = useRef<HTMLDivElement>(null);
  const roundRef = useRef(round);
  const crashSeenAt = useRef(0);

  useEffect(() => {
    if (round.phase === 'crashed' && roundRef.current.phase !== 'crashed') crashSeenAt.current = performance.now();
    roundRef.current = round;
  }, [round]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let raf = 0;
    let w = 0;
    let h = 0;
    const resize = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      w = canvas.clientWidth;
      h = canvas.clientHeight;
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    };
    resize();
    const ro = new ResizeObserver(resize);
    ro.observe(canvas);
    const loop = () => {
      const now = performance.now();
      const r = roundRef.current;
      frame(ctx, w, h, r, now, crashSeenAt.current);
      const big = multRef.current;
      const sub = subRef.current;
      if (big && sub) {
        if (r.phase === 'countdown') {
          const left = countdownLeftMs(r, now);
          big.textContent = r.roundId === null ? '…' : `${Math.ceil(left / 1000)}s`;
          sub.textContent = r.roundId === null ? words.current.connecting : words.current.placeBets;
          big.dataset.phase = 'countdown';
        } else if (r.phase === 'flying') {
          big.textContent = `${multiplierAt(flightElapsedMs(r, now)).toFixed(2)}x`;
          sub.textContent = '';
          big.dataset.phase = 'flying';
        } else {
          big.textContent = `${(r.crashPoint ?? r.multiplier).toFixed(2)}x`;
          sub.textContent = words.current.flewAway;
          big.dataset.phase = 'crashed';
        }
      }
      raf = requestAnimationFrame(loop);
    };
    raf = requestAnimationFrame(loop);
    return () => {
      cancelAnimationFrame(raf);
      ro.disconnect();
    };
  }, []);

  const progress = round.phase === 'countdown' && round.countdownMs > 0 ? round.countdownMs : 0;
  return (
    <div className="flight">
      <canvas ref={canvasRef} className="flight-canvas" aria-hidden />
      <div className="flight-overlay">
        <div ref={subRef} className="flight-sub" />
        <div ref={multRef} className="flight-mult" data-testid="flight-multiplier" />
        {progress > 0 && (
          <div className="countdown-bar" key={`${round.roundId}-${round.receivedAt}`}>
            <span style={{ animationDuration: `${progress}ms` }} />
          </div>
        )}
      </div>
    </div>
  );
}
