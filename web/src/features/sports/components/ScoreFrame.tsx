import { useTranslation } from 'react-i18next';
import { scoreFramePath } from '../live-state';

/** The server's live scoreboard page framed above a match's bets, or the spec's 'Live Score Not Available'. */
export function ScoreFrame({ src, matchName }: { src: string; matchName: string }) {
  const { t } = useTranslation('sports');
  const path = scoreFramePath(src);
  if (!path) {
    return (
      <p className="card score-frame-none" data-testid="score-frame-missing">
        {t('scoreFrame.missing')}
      </p>
    );
  }
  return (
    <iframe
      className="score-frame"
      src={path}
      title={matchName ? t('scoreFrame.title', { match: matchName }) : t('scoreFrame.titleNoName')}
      data-testid="score-frame"
    />
  );
}
