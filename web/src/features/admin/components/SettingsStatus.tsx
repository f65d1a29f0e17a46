import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/Field';

/** Above a game's settings form: the pending change (applies from the next round) and the problem, if any. */
export function SettingsStatus({
  game,
  pending,
  summary,
  problem,
}: {
  game: string;
  pending: boolean;
  summary: string[];
  problem: string;
}) {
  const { t } = useTranslation('adminGames');
  return (
    <>
      {pending && (
        <p className="form-info" role="status" data-testid={`pending-${game}`}>
          <b>{t('games.pending')}</b>
          {summary.length > 0 && <>: {summary.join(', ')}</>}
        </p>
      )}
      <FormError error={problem} />
    </>
  );
}
