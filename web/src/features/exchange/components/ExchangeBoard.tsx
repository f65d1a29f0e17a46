/**
 * The exchange betting screen's betting part (spec screen 17), under the live score: the Match Odds table (the
 * Bookmaker's Lgaai / khaai) with the player's P/L per team, the Over Market table (fancy lines), the bet popup a
 * tapped price opens, the success / error overlay, and the player's latest bets on this match. Prices come from the
 * live match detail (the socket keeps it current); every amount is the server's once a bet is placed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchDetailJson } from '../../sports/api/types';
import { useFancyBets, useRunnerBets } from '../api/get-bets';
import { useBook } from '@/lib/bets/get-book';
import { useOverlay } from '@/lib/use-overlay';
import { usePlaceBet } from '@/lib/bets/use-place-bet';
import { betRequest, checkStake, MSG_PLACED, quoteOf, type Pick, type Quote } from '../slip';
import { BetPopup } from './BetPopup';
import { FancyBetsTable, RunnerBetsTable } from './LatestBets';
import { MatchOddsTable } from './MatchOddsTable';
import { MessageOverlay } from '@/components/MessageOverlay';
import { OverMarketTable } from './OverMarketTable';
import '../exchange.css';

interface Props {
  detail: MatchDetailJson;
  userId: string | null;
}

export function ExchangeBoard({ detail, userId }: Props) {
  const { t } = useTranslation('exchange');
  const match = detail.event.id;
  const book = useBook(match, userId !== null);
  const runnerBets = useRunnerBets(userId, match);
  const fancyBets = useFancyBets(userId, match);
  const { overlay, show } = useOverlay();
  const [pick, setPick] = useState<Pick | null>(null);
  const place = usePlaceBet(userId, match, {
    onPlaced: () => {
      setPick(null);
      // The server's message is the spec's English one: the player reads it in their language.
      show('success', t(MSG_PLACED));
    },
    onFailed: (message) => show('error', message),
  });

  const submit = (p: Pick, stakeText: string, quote: Quote) => {
    const check = checkStake(stakeText);
    if (!check.ok) return show('error', check.message);
    place.mutate(betRequest(match, p, quote, check.stake));
  };

  return (
    <div className="ex-board" data-testid="exchange">
      <MatchOddsTable bm={detail.bookmakers[0]} book={book.data} onPick={setPick} />
      <OverMarketTable fancy={detail.fancyMarkets} book={book.data} onPick={setPick} />
      <RunnerBetsTable bets={runnerBets.data ?? []} />
      <FancyBetsTable bets={fancyBets.data ?? []} />
      {pick && (
        <BetPopup
          key={`${pick.marketId}:${pick.market === 'runner' ? pick.teamIndex : ''}:${pick.kind}`}
          pick={pick}
          quote={quoteOf(detail, pick)}
          pending={place.isPending}
          onSubmit={(stake, quote) => submit(pick, stake, quote)}
          onClose={() => setPick(null)}
        />
      )}
      <MessageOverlay overlay={overlay} testId="ex-overlay" />
    </div>
  );
}
