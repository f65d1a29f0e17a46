/** A small inline SVG chart of an actor's recent p99s (no chart library). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorPoint } from '../api/types';
import { SLOW_MS } from '../actors';
import { linePath, makeScale, toMs, type ChartBox } from '../chart';

const BOX: ChartBox = { width: 600, height: 180, pad: { top: 10, right: 8, bottom: 18, left: 40 } };

/** `label`: the key under `admin:chart`. */
const SERIES = [
  { key: 'handlerP99Ms', label: 'handler', cls: 'line-handler' },
  { key: 'queueP99Ms', label: 'queue', cls: 'line-queue' },
  { key: 'tickLagP99Ms', label: 'tickLag', cls: 'line-tick' },
] as const;

export function ActorChart({ history, ticks }: { history: ActorPoint[]; ticks: boolean }) {
  const { t } = useTranslation('admin');
  const drawn = useMemo(() => {
    const shown = SERIES.filter((s) => s.key !== 'tickLagP99Ms' || ticks);
    const series = shown.map((s) => history.map((p) => ({ t: toMs(p.at), v: p[s.key] ?? null })));
    const scale = makeScale(series, BOX);
    const times = history.map((p) => toMs(p.at)).filter(Number.isFinite);
    const spanS = times.length > 1 ? Math.round((Math.max(...times) - Math.min(...times)) / 1000) : 0;
    return { scale, spanS, lines: shown.map((s, i) => ({ ...s, d: linePath(series[i] ?? [], scale) })) };
  }, [history, ticks]);
  const { scale, lines, spanS } = drawn;
  const { width, height, pad } = BOX;
  const grid = [0, 0.5, 1].map((f) => f * scale.yMax);
  return (
    <figure className="actor-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t(ticks ? 'chart.ariaTicks' : 'chart.aria', { s: spanS, max: scale.yMax })}
        data-testid="actor-chart"
      >
        {grid.map((v) => (
          <g key={v}>
            <line className="chart-grid" x1={pad.left} x2={width - pad.right} y1={scale.y(v)} y2={scale.y(v)} />
            <text className="chart-label" x={pad.left - 6} y={scale.y(v) + 4} textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        {SLOW_MS <= scale.yMax && (
          <line
            className="chart-slow"
            x1={pad.left}
            x2={width - pad.right}
            y1={scale.y(SLOW_MS)}
            y2={scale.y(SLOW_MS)}
          />
        )}
        {lines.map((l) => (
          <path key={l.key} className={`chart-line ${l.cls}`} d={l.d} />
        ))}
        <text className="chart-label" x={pad.left} y={height - 4}>
          {spanS > 0 ? t('chart.span', { s: spanS }) : ''}
        </text>
        <text className="chart-label" x={width - pad.right} y={height - 4} textAnchor="end">
          {t('chart.now')}
        </text>
      </svg>
      <figcaption className="chart-legend">
        {lines.map((l) => (
          <span key={l.key}>
            <i className={`swatch ${l.cls}`} aria-hidden /> {t(`chart.${l.label}`)}
          </span>
        ))}
        {SLOW_MS <= scale.yMax && (
          <span>
            <i className="swatch chart-slow" aria-hidden /> {t('chart.slow', { ms: SLOW_MS })}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
