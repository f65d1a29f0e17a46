import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownLabel, secondsLeft, type TableState } from '../state';
import type { GameName } from '../wire';
import { FairLink } from './FairLink';
import { ResultHistory } from './ResultHistory';
import { RoundStatus } from './RoundStatus';

interface Props<S> {
  game: GameName;
  title: string;
  state: TableState<unknown, S, unknown>;
  /** Bets are taken now (and the socket is up). */
  open: boolean;
  connected: boolean;
  joinError: string | null;
  now: number;
  /** How a past result is drawn in the history strip, and its tooltip. */
  render: (result: S) => ReactNode;
  describe: (result: S) => string;
}

/** The top of every round game's page: title and fairness link, the connection banner, the round's status and
 * countdown, and the last twelve results. */
export function RoundTop<S>({ game, title, state, open, connected, joinError, now, render, describe }: Props<S>) {
  const { t } = useTranslation('roundTable');
  return (
    <>
      <header className="rt-head">
        <h1>{title}</h1>
        <FairLink game={game} roundId={state.roundId} commitment={state.commitment} />
      </header>
      {(!connected || joinError) && <p className="banner-error">{joinError ?? t('errors.notConnected')}</p>}
      <RoundStatus
        roundId={state.roundId}
        open={open}
        seconds={secondsLeft(state, now)}
        label={countdownLabel(state.phase)}
      />
      <ResultHistory history={state.history} size={12} render={render} title={describe} />
    </>
  );
}
