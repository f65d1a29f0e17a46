import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/use-now';
import { countdown } from '@/lib/countdown';
import { playsClock } from '../rules';
import type { ParchiBoard } from '../api/types';

interface Props {
  board: Pick<ParchiBoard, 'status' | 'playsOpen'>;
  /** The match's start time (its first ball), if known. */
  startsAt: number | null | undefined;
}

/**
 * Plays close at the match's first ball: while they are open, the countdown to it (the match's start time; "due" once
 * that has passed and the feed has yet to say the match is in play); once the match is in play, "Plays closed".
 */
export function PlaysClock({ board, startsAt }: Props) {
  const { t } = useTranslation('parchi');
  const open = board.playsOpen && (board.status as string) === 'open';
  const now = useNow(1000, open);
  const clock = playsClock(board, startsAt, now);
  if (clock.kind === 'open') return null;
  const text =
    clock.kind === 'countdown' ? t('clock.countdown', { time: countdown(clock.ms) }) : t(`clock.${clock.kind}`);
  return (
    <p
      className={`pc-clock pc-clock-${clock.kind}`}
      data-testid="parchi-clock"
      data-state={clock.kind}
      role={clock.kind === 'countdown' ? 'timer' : undefined}
    >
      {text}
    </p>
  );
}
