import { scoreFramePath } from '../../sports/live-state';

/** The server's live scoreboard page framed above the game, or the spec's 'Live Score Not Available'. */
export function ScoreFrame({ src, matchName }: { src: string; matchName: string }) {
  const path = scoreFramePath(src);
  if (!path) {
    return (
      <p className="card pc-frame-none" data-testid="score-frame-missing">
        Live Score Not Available
      </p>
    );
  }
  return <iframe className="pc-frame" src={path} title={matchName ? `Live score: ${matchName}` : 'Live score'} data-testid="score-frame" />;
}
