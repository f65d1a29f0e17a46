/**
 * The match page's markets, bettable (issue 37): Match Odds first, then Bookmaker and fancy, each price a tap away
 * from the shared bet slip (`@/components/BetSlip`) at that price, with the market's terms. The slip's price follows
 * the live detail while it is open; a placed bet's answer puts the wallet and the market's position in place (the
 * shared `usePlaceBet`), and each runner shows the player's P/L once they hold a position.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetSlip } from '@/components/BetSlip';
import { MessageOverlay } from '@/components/MessageOverlay';
import { useBook } from '@/lib/bets/get-book';
import { checkStake, MSG_PLACED } from '@/lib/bets/slip';
import { usePlaceBet } from '@/lib/bets/use-place-bet';
import { useOverlay } from '@/lib/use-overlay';
import type { MatchDetailJson } from '../api/types';
import { matchBetRequest, matchQuote, matchTerms, type MatchPick, type MatchQuote } from '../bet-pick';
import { MatchOdds } from './MatchOdds';
import { BookmakerCard, FancyCard } from './SideMarkets';

interface Props {
  detail: MatchDetailJson;
  /** The signed-in player's: their wallet and their positions on this match. */
  userId: string | null;
}

const SIDE = { Lgaai: 'back', khaai: 'lay', yes: 'yes', no: 'no' } as const;

export function MatchMarkets({ detail, userId }: Props) {
  const { t } = useTranslation('sports');
  const match = detail.event.id;
  const book = useBook(match, userId !== null);
  const { overlay, show } = useOverlay();
  const [pick, setPick] = useState<MatchPick | null>(null);
  const place = usePlaceBet(userId, match, {
    onPlaced: () => {
      setPick(null);
      show('success', t(MSG_PLACED));
    },
    onFailed: (message) => show('error', message),
  });

  const quote = pick && matchQuote(detail, pick);
  const terms = pick && matchTerms(detail, pick);
  const submit = (p: MatchPick, q: MatchQuote, stakeText: string) => {
    const check = checkStake(stakeText, matchTerms(detail, p).limits);
    if (!check.ok) return show('error', check.message);
    place.mutate(matchBetRequest(match, p, q, check.stake));
  };
  const betFor = (p: MatchPick) =>
    `${p.label} · ${t(`odds.${SIDE[p.kind]}`)}${p.market === 'fancy' && quote?.runs != null ? ` ${quote.runs}` : ''}`;

  return (
    <>
      <MatchOdds market={detail.match} book={book.data} onPick={setPick} />
      {detail.bookmakers.map((b) => (
        <BookmakerCard key={b.marketId} bm={b} book={book.data} onPick={setPick} />
      ))}
      {detail.fancyMarkets.length > 0 && <FancyCard fancy={detail.fancyMarkets} book={book.data} onPick={setPick} />}
      {pick && terms && (
        <BetSlip
          key={JSON.stringify(pick)}
          betFor={betFor(pick)}
          kind={pick.kind}
          price={quote && { rate: quote.rate, text: quote.text, open: quote.open }}
          pending={place.isPending}
          autoClear={pick.market === 'fancy'}
          terms={terms}
          onSubmit={(stake) => quote && submit(pick, quote, stake)}
          onClose={() => setPick(null)}
        />
      )}
      <MessageOverlay overlay={overlay} testId="sp-overlay" />
    </>
  );
}
