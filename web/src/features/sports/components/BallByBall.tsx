/**
 * The 'Ball By Ball Result' popup: the innings' recent balls, newest first (over, outcome, time in IST). It draws
 * whatever `balls` it is given, so it moves on as the match's deltas move the held score on.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { formatTime } from '@/i18n/format';
import { ballOutcome, ballTone, newestFirst } from '../balls';
import type { Ball } from '../wire';

interface DialogProps {
  balls: readonly Ball[] | undefined;
  /** The score is still on its way (the three-card screen asks for it when the popup opens). */
  pending?: boolean;
  failed?: boolean;
  onClose: () => void;
}

export function BallByBallDialog({ balls, pending = false, failed = false, onClose }: DialogProps) {
  const { t } = useTranslation('sports');
  const rows = newestFirst(balls);
  return (
    <Modal title={t('balls.title')} onClose={onClose}>
      <div className="sp-bbb" data-testid="ball-by-ball">
        {pending && rows.length === 0 ? (
          <p className="muted">{t('balls.loading')}</p>
        ) : failed && rows.length === 0 ? (
          <p className="form-error">{t('balls.loadFailed')}</p>
        ) : rows.length === 0 ? (
          <p className="empty" data-testid="ball-by-ball-empty">
            {t('balls.empty')}
          </p>
        ) : (
          <table className="table sp-bbb-table">
            <thead>
              <tr>
                <th>{t('balls.over')}</th>
                <th>{t('balls.result')}</th>
                <th className="num">{t('balls.time')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={`${b.over}-${b.at}-${b.mark}`} data-testid="ball-row" data-over={b.over}>
                  <td className="mono">{b.over}</td>
                  <td>
                    <span className={`sp-ball ${ballTone(b)}`}>{ballOutcome(b)}</span>
                  </td>
                  <td className="num muted">{formatTime(b.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Modal>
  );
}

/** The "Ball by ball" button; `dialog` draws the popup while it is open (so a screen fetches only then if it must). */
export function BallByBallButton({ dialog }: { dialog: (onClose: () => void) => ReactNode }) {
  const { t } = useTranslation('sports');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline sp-bbb-open"
        onClick={() => setOpen(true)}
        data-testid="ball-by-ball-open"
      >
        {t('balls.button')}
      </button>
      {open && dialog(close)}
    </>
  );
}
