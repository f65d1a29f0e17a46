import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loading } from '@/components/Loading';
import { errorMessage } from '@/lib/api-client';
import { useChart } from '../api/get-chart';
import { useMarkets } from '../api/get-markets';
import { drawDate, isQuick } from '../market';
import { BACK_MARK, fairPath, LIST_PATH } from '../paths';
import type { ChartRow } from '../api/types';
import '../matka.css';

const parseId = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** `/casino/matka/chart/{marketId}`: the market's past results, newest first; a drawn result links to its check. */
export function ChartPage() {
  const { t } = useTranslation('matka');
  const id = parseId(useParams().marketId);
  const markets = useMarkets();
  const chart = useChart(id);
  const m = markets.data?.markets.find((x) => x.id === id);
  const withTime = m ? isQuick(m) : true;
  const rows: ChartRow[] = chart.data ?? [];
  return (
    <div className="mk-page">
      <header className="mk-bar">
        <Link to={LIST_PATH} className="mk-back" aria-label={t('back')}>
          {BACK_MARK}
        </Link>
        <div className="mk-bar-main">
          <h1>{m ? t('chart.title', { market: m.marketName }) : t('chart.titleNoName')}</h1>
          <p className="mk-bar-sub">{t('chart.sub')}</p>
        </div>
      </header>
      {chart.isPending && id !== null && <Loading />}
      {(chart.isError || id === null) && (
        <p className="banner-error" role="alert">
          {id === null ? t('chart.noMarket') : errorMessage(chart.error, t('chart.loadFailed'))}
        </p>
      )}
      {chart.data && (
        <div className="table-wrap">
          <table className="table mk-chart" data-testid="matka-chart">
            <thead>
              <tr>
                <th>{withTime ? t('chart.draw') : t('chart.date')}</th>
                <th>{t('chart.open')}</th>
                <th>{t('chart.jodi')}</th>
                <th>{t('chart.close')}</th>
                <th aria-label={t('chart.check')} />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.drawNo} data-testid="matka-chart-row" data-draw-no={r.drawNo} data-result={r.result}>
                  <td>
                    {drawDate(r.opensAt, withTime)}
                    {withTime && <small className="mk-draw-no">#{r.drawNo}</small>}
                  </td>
                  <td className="mono">{r.openPanna ?? '***'}</td>
                  <td className="mono mk-jodi">{r.jodi}</td>
                  <td className="mono">{r.closePanna ?? '***'}</td>
                  <td>
                    {r.serverSeed && id !== null ? (
                      <Link to={fairPath(id, r.drawNo)} title={t('chart.checkTitle')} data-testid="matka-chart-verify">
                        {t('chart.checkLink')}
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={5} className="empty">
                    {t('chart.empty')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
