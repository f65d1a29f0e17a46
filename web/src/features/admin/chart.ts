/** Scaling for the small inline SVG chart (pure): time on x, milliseconds on y, gaps where nothing was timed. */

export interface ChartBox {
  width: number;
  height: number;
  /** Padding inside the box: left leaves room for the y labels. */
  pad: { top: number; right: number; bottom: number; left: number };
}

export interface SeriesPoint {
  t: number;
  v: number | null;
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above `v` (at least `floor`). */
export function niceCeil(v: number, floor = 1): number {
  const x = Math.max(v, floor);
  if (!Number.isFinite(x) || x <= 0) return floor;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * p >= x - 1e-9) return m * p;
  return 10 * p;
}

/** Epoch milliseconds from an ISO string or a number; NaN when it is neither. */
export function toMs(at: string | number | null | undefined): number {
  if (typeof at === 'number') return at;
  if (typeof at === 'string') return Date.parse(at);
  return Number.NaN;
}

export interface Scale {
  yMax: number;
  x: (t: number) => number;
  y: (v: number) => number;
}

/** Maps every series into the box; y starts at 0 and ends at a round number over the largest value. */
export function makeScale(series: SeriesPoint[][], box: ChartBox, yFloor = 1): Scale {
  let t0 = Infinity;
  let t1 = -Infinity;
  let max = 0;
  for (const s of series)
    for (const p of s) {
      if (!Number.isFinite(p.t)) continue;
      t0 = Math.min(t0, p.t);
      t1 = Math.max(t1, p.t);
      if (p.v !== null && Number.isFinite(p.v)) max = Math.max(max, p.v);
    }
  const yMax = niceCeil(max, yFloor);
  const left = box.pad.left;
  const right = box.width - box.pad.right;
  const top = box.pad.top;
  const bottom = box.height - box.pad.bottom;
  const span = t1 - t0;
  return {
    yMax,
    x: (t) => (Number.isFinite(span) && span > 0 ? left + ((t - t0) / span) * (right - left) : right),
    y: (v) => bottom - (Math.min(Math.max(v, 0), yMax) / yMax) * (bottom - top),
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** An SVG path: a new segment after every gap (null value); a lone point is drawn as a dot-sized stroke. */
export function linePath(points: SeriesPoint[], scale: Scale): string {
  const parts: string[] = [];
  let open = false;
  let run = 0;
  for (const p of points) {
    if (p.v === null || !Number.isFinite(p.v) || !Number.isFinite(p.t)) {
      if (open && run === 1) parts.push('h0.1');
      open = false;
      run = 0;
      continue;
    }
    parts.push(`${open ? 'L' : 'M'}${r1(scale.x(p.t))},${r1(scale.y(p.v))}`);
    open = true;
    run++;
  }
  if (open && run === 1) parts.push('h0.1');
  return parts.join(' ');
}
