import { useTranslation } from 'react-i18next';
import { scoreFramePath } from '../../sports/live-state';

/** The server's live scoreboard page framed above the game, or the spec's 'Live Score Not Available'. */
export function ScoreFrame({ src, matchName }: { src: string; matchName: string }) {
  const { t } = useTranslation('parchi');
  const path = scoreFramePath(src);
  if (!path) {
    return (
      <p className="card pc-frame-none" data-testid="score-frame-missing">
        {t('scoreFrame.missing')}
      </p>
    );
  }
  return (
    <iframe
      className="pc-frame"
      src={path}
      title={matchName ? t('scoreFrame.title', { match: matchName }) : t('scoreFrame.titleNoName')}
      data-testid="score-frame"
    />
  );
}
