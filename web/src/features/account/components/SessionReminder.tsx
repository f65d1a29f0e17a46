/**
 * Reality check: with a reminder set, every N minutes since this session's login a dialog tells the player how long
 * they have played and their net result since login (asked of the server at that moment). The prompts fall on
 * login + k·N minutes in the server's clock, so a reload does not move them.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/Modal';
import { formatInr } from '@/lib/money';
import { useLogout } from '@/lib/use-session-socket';
import { getSessionSummary, summaryQueryKey } from '../api/settings';
import type { SessionSummary } from '../api/types';
import { minutesPlayed, nextPromptAt } from '../reminder';
import '../account.css';

interface Clocked extends SessionSummary {
  /** Server clock minus this browser's, when the answer came. */
  skew: number;
}

async function clocked(): Promise<Clocked> {
  const s = await getSessionSummary();
  return { ...s, skew: s.now - Date.now() };
}

export function SessionReminder() {
  const { t } = useTranslation('account');
  const logout = useLogout();
  const summary = useQuery({ queryKey: summaryQueryKey, queryFn: clocked, staleTime: 60_000, retry: false });
  const [prompt, setPrompt] = useState<SessionSummary | null>(null);
  const since = summary.data?.since;
  const skew = summary.data?.skew ?? 0;
  const minutes = summary.data?.reminderMinutes ?? null;

  useEffect(() => {
    if (since === undefined || minutes === null || minutes <= 0 || prompt) return;
    let cancelled = false;
    const delay = nextPromptAt(since, Date.now() + skew, minutes) - (Date.now() + skew);
    const timer = setTimeout(
      () => {
        getSessionSummary()
          .then((s) => {
            // Turned off meanwhile (on another device): no prompt.
            if (!cancelled && typeof s.reminderMinutes === 'number') setPrompt(s);
          })
          // The figures are not to be had now: the next prompt will try again.
          .catch(() => undefined);
      },
      Math.max(0, delay),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [since, skew, minutes, prompt]);

  if (!prompt) return null;
  const close = () => setPrompt(null);
  const played = minutesPlayed(prompt.since, prompt.now);
  return (
    <Modal title={t('reminder.promptTitle')} onClose={close}>
      <div className="acct-section" data-testid="session-reminder">
        <p>{t('reminder.playedFor', { minutes: played })}</p>
        <p>
          {t('reminder.netResult')}{' '}
          <b data-testid="session-reminder-net" className={prompt.net < 0 ? 'row-loss' : 'row-win'}>
            {prompt.net < 0 ? `−${formatInr(-prompt.net)}` : formatInr(prompt.net)}
          </b>
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={close}>
          {t('reminder.keepPlaying')}
        </button>
        <Link to="/account/settings#take-a-break" className="btn btn-outline btn-block" onClick={close}>
          {t('reminder.takeBreak')}
        </Link>
        <button
          type="button"
          className="btn btn-outline btn-block"
          onClick={() => {
            close();
            void logout();
          }}
        >
          {t('common:logout')}
        </button>
      </div>
    </Modal>
  );
}
