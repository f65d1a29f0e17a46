import { useTranslation } from 'react-i18next';
import type { MatchDetailJson } from '../api/types';
import { BallByBallButton, BallByBallDialog } from './BallByBall';

const ballTone = (b: string) => (b === 'W' ? 'w' : b === '4' ? 'four' : b === '6' ? 'six' : '');

/**
 * The live score: batting side's runs/wickets and overs, the last six balls, batters, bowler and the comment, and
 * the 'Ball By Ball Result' popup (drawn from the same held score, so it moves with each delta).
 */
export function ScoreLine({ score, event }: { score: MatchDetailJson['score']; event: MatchDetailJson['event'] }) {
  const { t } = useTranslation('sports');
  if (!score.batting) return null;
  return (
    <section className="card sp-score" data-testid="score">
      <div className="sp-score-main">
        <b data-testid="score-line">
          {score.batting} {score.runs}/{score.wickets} ({score.overs})
        </b>
        {score.target != null && <small>{t('score.target', { target: score.target })}</small>}
      </div>
      {score.firstInnings && <small className="muted">{t('score.firstInnings', { score: score.firstInnings })}</small>}
      {score.lastSix.length > 0 && (
        <ol className="sp-balls" aria-label={t('score.lastSix')}>
          {score.lastSix.map((b, i) => (
            <li key={i} className={`sp-ball ${ballTone(b)}`}>
              {b}
            </li>
          ))}
        </ol>
      )}
      <div className="sp-batters">
        {score.striker && (
          <span>
            {score.striker}* {score.strikerRuns} ({score.strikerBalls})
          </span>
        )}
        {score.nonStriker && (
          <span>
            {score.nonStriker} {score.nonStrikerRuns} ({score.nonStrikerBalls})
          </span>
        )}
        {score.bowler && <span className="muted">{t('score.bowler', { name: score.bowler })}</span>}
      </div>
      {score.comment && (
        <p className="sp-comment" data-testid="score-comment">
          {score.comment}
        </p>
      )}
      <div className="sp-score-links">
        <BallByBallButton dialog={(close) => <BallByBallDialog balls={score.balls} onClose={close} />} />
        <a className="sp-scoreboard-link" href={event.scoreIframe} target="_blank" rel="noreferrer">
          {t('score.fullScoreboard')}
        </a>
      </div>
    </section>
  );
}
