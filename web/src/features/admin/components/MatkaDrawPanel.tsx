/**
 * One draw of a Matka market: its held bids by type, session and number; with a candidate result what the house would
 * keep or pay; and (a declared market) Declare open / Declare close, each after a confirmation.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatDateTimeSeconds } from '@/i18n/format';
import { adminErrorMessage } from '../text';
import { formatInr } from '@/lib/money';
import { toast } from '@/lib/toast';
import type { Market } from '../../matka/api/types';
import { adminKeys } from '../api/keys';
import { declareResult, useDrawBook, type IfDeclared } from '../api/matka';
import { useDebounced } from '../hooks/use-debounced';
import { isPanna, pannaDigit } from '../matka-markets';
import { EmptyRow } from '@/components/EmptyRow';
import { QueryState } from './QueryState';
import { ConfirmModal } from './ConfirmModal';
import { InputField } from '@/components/Field';

type Session = 'open' | 'close';

function House({ d }: { d: IfDeclared }) {
  const { t } = useTranslation('adminGames');
  return (
    <dl className="kv" data-testid="matka-if-declared">
      <dt>{t('matka.draw.staked')}</dt>
      <dd>{formatInr(d.staked)}</dd>
      <dt>{t('matka.draw.paid')}</dt>
      <dd>{formatInr(d.paid)}</dd>
      <dt>{t('matka.draw.houseResult')}</dt>
      <dd className={d.houseResult < 0 ? 'neg' : 'pos'} data-testid="matka-house-result">
        {formatInr(d.houseResult)}
        {!d.complete && <span className="muted small"> {t('matka.draw.soFar')}</span>}
      </dd>
    </dl>
  );
}

/** `now`: the server's time as of the list's last refresh (the hints about due results read it). */
/** A panna to declare: three digits typed (the format said while it is not a panna), or the one declared already. */
function PannaField({
  id,
  label,
  declared,
  value,
  onChange,
  format,
  testId,
}: {
  id: string;
  label: string;
  declared: string | null;
  value: string;
  onChange: (digits: string) => void;
  format: string;
  testId: string;
}) {
  return (
    <InputField
      id={id}
      label={label}
      inputMode="numeric"
      maxLength={3}
      value={declared ?? value}
      disabled={declared !== null}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      data-testid={testId}
      after={value && !isPanna(value) && <span className="form-error small">{format}</span>}
    />
  );
}

export function MatkaDrawPanel({ market, now }: { market: Market; now: number }) {
  const { t } = useTranslation('adminGames');
  /** Matka's times are Indian Standard Time, whatever the console's own clock. */
  const ist = (ms: number) => t('matka.draw.istTime', { time: formatDateTimeSeconds(ms) });
  const qc = useQueryClient();
  const current = market.drawNo ?? null;
  const [drawText, setDrawText] = useState(current === null ? '' : String(current));
  const drawNo = /^\d+$/.test(drawText) ? Number(drawText) : null;
  const [open, setOpen] = useState('');
  const [close, setClose] = useState('');
  const [confirm, setConfirm] = useState<{ session: Session; panna: string } | null>(null);
  const candidate = useDebounced(
    { open: isPanna(open) ? open : undefined, close: isPanna(close) ? close : undefined },
    300,
  );
  const q = useDrawBook(market.id, drawNo, candidate);
  const book = q.data && q.data.drawNo === drawNo ? q.data : undefined;
  const declared = market.mode === 'declared';
  const openOut = book?.openPanna ?? null;
  const closeOut = book?.closePanna ?? null;

  const m = useMutation({
    mutationFn: (d: { session: Session; panna: string }) =>
      declareResult(market.id, drawNo as number, d.session, d.panna),
    onSuccess: (_r, d) => {
      toast(
        t(d.session === 'open' ? 'matka.draw.declaredOpen' : 'matka.draw.declaredClose', { panna: d.panna }),
        'success',
        3000,
      );
      if (d.session === 'open') setOpen('');
      else setClose('');
    },
    onError: (err) => toast(adminErrorMessage(err, t('matka.draw.refused')), 'error', 4000),
    onSettled: () => {
      setConfirm(null);
      void qc.invalidateQueries({ queryKey: adminKeys.matka() });
    },
  });

  const canDeclareOpen = declared && book !== undefined && openOut === null && isPanna(open);
  const canDeclareClose = declared && book !== undefined && openOut !== null && closeOut === null && isPanna(close);

  return (
    <section
      className="card matka-draw"
      aria-label={t('matka.draw.label', { market: market.marketName })}
      data-testid="matka-draw"
    >
      <div className="admin-head">
        <h3 className="card-title">{t('matka.draw.title')}</h3>
        {current !== null && (
          <>
            <button
              type="button"
              className="btn btn-small btn-outline"
              onClick={() => setDrawText(String(current))}
              aria-pressed={drawNo === current}
            >
              {t('matka.draw.current', { n: current })}
            </button>
            <button
              type="button"
              className="btn btn-small btn-outline"
              onClick={() => setDrawText(String(current - 1))}
              aria-pressed={drawNo === current - 1}
              data-testid="matka-draw-previous"
            >
              {t('matka.draw.previous', { n: current - 1 })}
            </button>
          </>
        )}
        <label className="inline-field">
          <span className="muted small">{t('matka.draw.no')}</span>
          <input
            className="box matka-draw-no"
            inputMode="numeric"
            value={drawText}
            onChange={(e) => setDrawText(e.target.value.replace(/\D/g, ''))}
            aria-label={t('matka.draw.numberLabel')}
            data-testid="matka-draw-input"
          />
        </label>
      </div>
      <QueryState
        isPending={q.isPending && drawNo !== null}
        error={book ? null : q.error}
        what={t('admin:what.draw')}
      />
      {book && (
        <>
          <dl className="kv" data-testid="matka-draw-results" data-open={openOut ?? ''} data-close={closeOut ?? ''}>
            <dt>{t('matka.draw.openDue')}</dt>
            <dd>{ist(book.opensAt)}</dd>
            <dt>{t('matka.draw.closeDue')}</dt>
            <dd>{ist(book.closesAt)}</dd>
            <dt>{t('matka.draw.result')}</dt>
            <dd className="mono">
              {openOut ?? '***'}-{openOut ? pannaDigit(openOut) : '*'}
              {closeOut ? pannaDigit(closeOut) : '*'}-{closeOut ?? '***'}
            </dd>
          </dl>
          <div className="settings-grid">
            <PannaField
              id={`declare-open-${market.id}`}
              label={t(openOut ? 'matka.draw.openPannaDeclared' : 'matka.draw.openPannaCandidate')}
              declared={openOut}
              value={open}
              onChange={setOpen}
              format={t('matka.draw.openPannaFormat')}
              testId="matka-open-panna"
            />
            <PannaField
              id={`declare-close-${market.id}`}
              label={t(closeOut ? 'matka.draw.closePannaDeclared' : 'matka.draw.closePannaCandidate')}
              declared={closeOut}
              value={close}
              onChange={setClose}
              format={t('matka.draw.closePannaFormat')}
              testId="matka-close-panna"
            />
          </div>
          {book.ifDeclared ? <House d={book.ifDeclared} /> : <p className="hint">{t('matka.draw.candidateHint')}</p>}
          {declared ? (
            <div className="form-row">
              <button
                type="button"
                className="btn btn-primary"
                disabled={!canDeclareOpen || m.isPending}
                onClick={() => setConfirm({ session: 'open', panna: open })}
                data-testid="matka-declare-open"
              >
                {t('matka.draw.declareOpen')}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={!canDeclareClose || m.isPending}
                onClick={() => setConfirm({ session: 'close', panna: close })}
                data-testid="matka-declare-close"
              >
                {t('matka.draw.declareClose')}
              </button>
            </div>
          ) : (
            <p className="hint">{t('matka.draw.drawnHint')}</p>
          )}
          {declared && openOut === null && now < book.opensAt && <p className="hint">{t('matka.draw.openNotYet')}</p>}
          {declared && openOut !== null && closeOut === null && now < book.closesAt && (
            <p className="hint">{t('matka.draw.closeNotYet')}</p>
          )}
          <div className="table-wrap">
            <table className="table admin-table" data-testid="matka-book">
              <thead>
                <tr>
                  <th>{t('matka.draw.col.type')}</th>
                  <th>{t('matka.draw.col.session')}</th>
                  <th>{t('matka.draw.col.number')}</th>
                  <th className="num">{t('matka.draw.col.bids')}</th>
                  <th className="num">{t('matka.draw.col.points')}</th>
                  <th className="num">{t('matka.draw.col.paysIfWins')}</th>
                  <th>{t('matka.draw.col.onCandidate')}</th>
                </tr>
              </thead>
              <tbody>
                {book.book.map((l) => (
                  <tr key={`${l.bidType}:${l.session}:${l.number}`}>
                    <td data-label={t('matka.draw.col.type')}>
                      {t(`admin:values.bidType.${l.bidType}`, { defaultValue: l.bidType })}
                    </td>
                    <td data-label={t('matka.draw.col.session')}>
                      {t(`admin:values.session.${l.session}`, { defaultValue: l.session })}
                    </td>
                    <td data-label={t('matka.draw.col.number')} className="mono">
                      {l.number}
                    </td>
                    <td data-label={t('matka.draw.col.bids')} className="num">
                      {l.bids}
                    </td>
                    <td data-label={t('matka.draw.col.points')} className="num">
                      {formatInr(l.points)}
                    </td>
                    <td data-label={t('matka.draw.col.paysIfWins')} className="num">
                      {formatInr(l.payoutIfWins)}
                    </td>
                    <td data-label={t('matka.draw.col.onCandidate')}>
                      {l.wins === null ? (
                        '—'
                      ) : l.wins ? (
                        <b className="neg">{t('matka.draw.wins')}</b>
                      ) : (
                        t('matka.draw.loses')
                      )}
                    </td>
                  </tr>
                ))}
                {book.book.length === 0 && <EmptyRow cols={7}>{t('matka.draw.empty')}</EmptyRow>}
              </tbody>
            </table>
          </div>
        </>
      )}
      {confirm && (
        <ConfirmModal
          title={t(confirm.session === 'open' ? 'matka.draw.confirmOpenTitle' : 'matka.draw.confirmCloseTitle')}
          onClose={() => setConfirm(null)}
          yes={
            m.isPending
              ? t('matka.draw.declaring')
              : t(confirm.session === 'open' ? 'matka.draw.declareOpen' : 'matka.draw.declareClose')
          }
          onYes={() => m.mutate(confirm)}
          pending={m.isPending}
          yesTestId="matka-confirm-declare"
        >
          <p data-testid="matka-confirm-text">
            <Trans
              t={t}
              i18nKey={confirm.session === 'open' ? 'matka.draw.confirmOpen' : 'matka.draw.confirmClose'}
              values={{
                panna: confirm.panna,
                digit: pannaDigit(confirm.panna),
                market: market.marketName,
                draw: drawNo,
              }}
              components={{ panna: <b className="mono" />, market: <b /> }}
            />
          </p>
          {book?.ifDeclared && <House d={book.ifDeclared} />}
          <p className="hint">{t('matka.draw.stands')}</p>
        </ConfirmModal>
      )}
    </section>
  );
}
