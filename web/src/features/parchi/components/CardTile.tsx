import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/money';
import { isFilled, NOT_SELECTED } from '../rules';
import type { ParchiCard } from '../api/types';

interface Props {
  card: ParchiCard;
  winner: boolean;
  playsOpen: boolean;
  onPlay: () => void;
}

/** One card: its two players ('Not Selected' until the first play picks them), runs, plays, stakes and Play. */
export function CardTile({ card, winner, playsOpen, onPlay }: Props) {
  const { t } = useTranslation('parchi');
  const filled = isFilled(card);
  return (
    <article
      className={`card pc-card${winner ? ' pc-winner' : ''}${filled ? ' pc-locked' : ''}`}
      data-testid={`parchi-card-${card.card}`}
      data-winner={winner}
      data-locked={filled}
      aria-label={t('card.name', { card: card.card })}
    >
      <header className="pc-card-head">
        <h2>{t('card.name', { card: card.card })}</h2>
        {winner ? (
          <span className="pc-tag pc-tag-win">{t('card.winner')}</span>
        ) : (
          filled && <span className="pc-tag">{t('card.locked')}</span>
        )}
      </header>
      <dl className="pc-facts">
        <div>
          <dt>{t('card.player1')}</dt>
          <dd data-testid="parchi-player1">{card.player1 ?? t(NOT_SELECTED)}</dd>
        </div>
        <div>
          <dt>{t('card.player2')}</dt>
          <dd data-testid="parchi-player2">{card.player2 ?? t(NOT_SELECTED)}</dd>
        </div>
        <div>
          <dt>{t('card.totalRuns')}</dt>
          <dd className="pc-runs" data-testid="parchi-runs">
            {card.totalRuns}
          </dd>
        </div>
        <div>
          <dt>{t('card.peoplePlayed')}</dt>
          <dd data-testid="parchi-people">{card.peoplePlayed}</dd>
        </div>
        <div>
          <dt>{t('card.totalStaked')}</dt>
          <dd data-testid="parchi-staked">{formatInr(card.totalStake)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={!playsOpen}
        onClick={onPlay}
        data-testid={`parchi-play-${card.card}`}
      >
        {t('card.play')}
      </button>
    </article>
  );
}
