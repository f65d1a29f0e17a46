import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/Loading';
import { formatInr } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useWallet } from '@/lib/wallet';
import { bidTypeInfo, bidTypeTitle, canBid, parseBidType, rateHundredths, sessionsFor } from '../bid-types';
import { checkSlip, linesOf, MSG_LOAD_FAILED, MSG_NOT_LOGGED_IN, totalsOf } from '../bids';
import { usePlaceBids } from '../hooks/use-place-bids';
import { numberGroups } from '../numbers';
import { playPath } from '../paths';
import type { BidAccepted, Market, Rate } from '../api/types';
import type { BidType, Session } from '../wire';
import { BidSummary } from './BidSummary';
import { MarketHeader } from './MarketHeader';
import { MarketMissing } from './MarketMissing';
import { useMarketRoute } from '../hooks/use-market-route';
import { NumberGrid } from './NumberGrid';
import { SangamForm, type Entry } from './SangamForm';
import '../matka.css';

const SESSIONS: readonly Session[] = ['open', 'close'];
/** Points as the footer shows them: "1,500". */
const grouped = (n: number) => n.toLocaleString('en-IN');

interface SlipProps {
  userId: string | null;
  m: Market;
  type: BidType;
  rates: Rate[];
  limits: { minPoints: number; maxPoints: number };
  now: number;
}

/** The slip for one market and bid type: session, numbers with points, totals, Submit and the summary. */
function Slip({ userId, m, type, rates, limits, now }: SlipProps) {
  const { t } = useTranslation('matka');
  const info = bidTypeInfo(type);
  const title = bidTypeTitle(type);
  const wallet = useWallet(userId);
  const balance = wallet.data?.balance;
  const sessions = sessionsFor(m.closeStatus, type);
  const [chosen, setChosen] = useState<Session>('open');
  const session: Session | null = sessions.includes(chosen) ? chosen : (sessions[0] ?? null);
  const [points, setPoints] = useState<Record<string, string>>({});
  const [sangams, setSangams] = useState<Entry[]>([]);
  const [problem, setProblem] = useState('');
  const [summary, setSummary] = useState<BidAccepted | null>(null);
  const place = usePlaceBids(userId, (a) => {
    setSummary(a);
    setPoints({});
    setSangams([]);
  });
  const groups = numberGroups(type);
  const entries: [string, string][] = groups
    ? groups.flatMap((g) => g.numbers.map((n): [string, string] => [n, points[n] ?? '']))
    : sangams.map((s) => [s.number, s.points]);
  const lines = linesOf(entries);
  const rate = rateHundredths(rates, type);
  const totals = totalsOf(lines, rate ?? 0);
  const open = canBid(m.closeStatus, type) && m.active;
  const busy = place.isPending;

  const submit = () => {
    if (busy) return;
    if (userId === null) return void toast(t(MSG_NOT_LOGGED_IN), 'error');
    const p = !open ? t('bid.closedShort') : rate === null ? t('bid.ratesPending') : checkSlip(lines, limits, balance);
    setProblem(p ?? '');
    if (p) return void toast(p, 'error');
    place.mutate({
      gameName: m.marketName,
      bidType: type,
      session: info.needsBoth ? '' : (session ?? 'close'),
      bids: lines,
      totalBidPoints: totals.totalBidPoints,
      estimatedProfit: totals.estimatedProfit,
    });
  };

  return (
    <div className="mk-page mk-bid-page">
      <MarketHeader m={m} now={now} title={title} back={playPath(m)} />
      {!open && (
        <p className="banner-error" role="alert">
          {m.closeStatus === 'Closed' ? t('bid.closed') : t('bid.closesWithOpen', { type: title })}
        </p>
      )}
      {info.needsBoth ? (
        <p className="mk-note">{t('bid.needsBoth', { type: title })}</p>
      ) : (
        <fieldset className="mk-sessions" data-testid="matka-sessions">
          <legend>{t('session.legend')}</legend>
          {SESSIONS.filter((s) => sessions.includes(s)).map((s) => (
            <label key={s} className={`mk-radio ${session === s ? 'mk-radio-on' : ''}`}>
              <input
                type="radio"
                name="session"
                value={s}
                checked={session === s}
                onChange={() => setChosen(s)}
                disabled={busy}
                data-testid={`matka-session-${s}`}
              />
              {s === 'open' ? t('session.open') : t('session.close')}
            </label>
          ))}
          {sessions.length === 0 && <span className="muted">{t('session.none')}</span>}
        </fieldset>
      )}
      <p className="hint mk-limits">
        {t('bid.limits', {
          min: limits.minPoints,
          max: limits.maxPoints.toLocaleString('en-IN'),
          rate: rate === null ? '—' : t('bid.rate', { rate: rate / 100 }),
        })}
      </p>
      {groups ? (
        <NumberGrid
          groups={groups}
          points={points}
          onPoints={(n, t) => setPoints((p) => ({ ...p, [n]: t }))}
          disabled={busy || !open}
          wide={type === 'single_digit'}
        />
      ) : (
        <SangamForm
          type={type as 'half_sangam' | 'full_sangam'}
          entries={sangams}
          onChange={setSangams}
          disabled={busy || !open}
        />
      )}
      {problem && (
        <p className="form-error" role="alert" data-testid="matka-problem">
          {problem}
        </p>
      )}
      <footer className="mk-footer">
        <div className="mk-footer-figures">
          <span>
            {t('bid.totalPoints')} <b data-testid="matka-total">{grouped(totals.totalBidPoints)}</b>
          </span>
          <span>
            {t('bid.balancePoints')} <b data-testid="matka-balance">{formatInr(balance)}</b>
          </span>
          <span className="muted small">{t('bid.paysUpTo', { amount: formatInr(totals.estimatedProfit) })}</span>
        </div>
        <button
          type="button"
          className="btn btn-primary mk-submit"
          disabled={busy || !open}
          onClick={submit}
          data-testid="matka-submit"
        >
          {busy ? t('bid.placing') : t('bid.submit')}
        </button>
      </footer>
      {summary && <BidSummary a={summary} needsBoth={info.needsBoth} onClose={() => setSummary(null)} />}
    </div>
  );
}

/**
 * `/casino/bidpage/{gameName}/{bitType}/{pointsToplay}/{profit}/{bitStatus}`: the route's points, profit and status are
 * only the caption the player came from; the market's state, the rate and the limits are the server's.
 */
export function BidPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('matka');
  const { params, q, m, now } = useMarketRoute(userId);
  const type = parseBidType(params.bitType);
  if (q.isPending) return <Loading />;
  if (!m || !type || !q.data) {
    return (
      <MarketMissing>
        {q.isError && !q.data
          ? t(MSG_LOAD_FAILED)
          : !m
            ? t('noMarket', { name: params.gameName ?? '' })
            : t('noBidType', { type: params.bitType ?? '' })}
      </MarketMissing>
    );
  }
  return (
    <Slip
      key={`${m.id}:${type}`}
      userId={userId}
      m={m}
      type={type}
      rates={q.data.rates}
      limits={{ minPoints: q.data.minPoints, maxPoints: q.data.maxPoints }}
      now={now}
    />
  );
}
