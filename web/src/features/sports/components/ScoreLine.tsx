import type { MatchDetailJson } from '../api/types';

const ballTone = (b: string) => (b === 'W' ? 'w' : b === '4' ? 'four' : b === '6' ? 'six' : '');

/** The live score: batting side's runs/wickets and overs, the last six balls, batters, bowler and the comment. */
export function ScoreLine({ score, event }: { score: MatchDetailJson['score']; event: MatchDetailJson['event'] }) {
  if (!score.batting) return null;
  return (
    <section className="card sp-score" data-testid="score">
      <div className="sp-score-main">
        <b data-testid="score-line">
          {score.batting} {score.runs}/{score.wickets} ({score.overs})
        </b>
        {score.target != null && <small>Target {score.target}</small>}
      </div>
      {score.firstInnings && <small className="muted">1st innings {score.firstInnings}</small>}
      {score.lastSix.length > 0 && (
        <ol className="sp-balls" aria-label="Last six balls">
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
        {score.bowler && <span className="muted">Bowler {score.bowler}</span>}
      </div>
      {score.comment && (
        <p className="sp-comment" data-testid="score-comment">
          {score.comment}
        </p>
      )}
      <a className="sp-scoreboard-link" href={event.scoreIframe} target="_blank" rel="noreferrer">
        Full scoreboard
      </a>
    </section>
  );
}
