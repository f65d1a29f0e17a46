/**
 * One draw of a Matka market: its held bids by type, session and number; with a candidate result what the house would
 * keep or pay; and (a declared market) Declare open / Declare close, each after a confirmation.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '@/components/Modal';
import { errorMessage } from '@/lib/api-client';
import { formatInr } from '@/lib/money';
import { toast } from '@/lib/toast';
import type { Market } from '../../matka/api/types';
import { adminKeys } from '../api/keys';
import { declareResult, useDrawBook, type IfDeclared } from '../api/matka';
import { useDebounced } from '../hooks/use-debounced';
import { isPanna, pannaDigit } from '../matka-markets';
import { EmptyRow } from './EmptyRow';
import { QueryState } from './QueryState';

type Session = 'open' | 'close';

/** Matka's times are Indian Standard Time, whatever the console's own clock. */
const ist = (ms: number) => `${new Date(ms).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })} IST`;

function House({ d }: { d: IfDeclared }) {
  return (
    <dl className="kv" data-testid="matka-if-declared">
      <dt>Staked</dt>
      <dd>{formatInr(d.staked)}</dd>
      <dt>Paid</dt>
      <dd>{formatInr(d.paid)}</dd>
      <dt>House result</dt>
      <dd className={d.houseResult < 0 ? 'neg' : 'pos'} data-testid="matka-house-result">
        {formatInr(d.houseResult)}
        {!d.complete && <span className="muted small"> (so far: bids on the close result still open)</span>}
      </dd>
    </dl>
  );
}

/** `now`: the server's time as of the list's last refresh (the hints about due results read it). */
export function MatkaDrawPanel({ market, now }: { market: Market; now: number }) {
  const qc = useQueryClient();
  const current = market.drawNo ?? null;
  const [drawText, setDrawText] = useState(current === null ? '' : String(current));
  const drawNo = /^\d+$/.test(drawText) ? Number(drawText) : null;
  const [open, setOpen] = useState('');
  const [close, setClose] = useState('');
  const [confirm, setConfirm] = useState<{ session: Session; panna: string } | null>(null);
  const candidate = useDebounced({ open: isPanna(open) ? open : undefined, close: isPanna(close) ? close : undefined }, 300);
  const q = useDrawBook(market.id, drawNo, candidate);
  const book = q.data && q.data.drawNo === drawNo ? q.data : undefined;
  const declared = market.mode === 'declared';
  const openOut = book?.openPanna ?? null;
  const closeOut = book?.closePanna ?? null;

  const m = useMutation({
    mutationFn: (d: { session: Session; panna: string }) => declareResult(market.id, drawNo as number, d.session, d.panna),
    onSuccess: (_r, d) => {
      toast(`${d.session === 'open' ? 'Open' : 'Close'} result ${d.panna} declared: its bids are settled`, 'success', 3000);
      if (d.session === 'open') setOpen('');
      else setClose('');
    },
    onError: (err) => toast(errorMessage(err, 'The declaration was refused.'), 'error', 4000),
    onSettled: () => {
      setConfirm(null);
      void qc.invalidateQueries({ queryKey: adminKeys.matka() });
    },
  });

  const canDeclareOpen = declared && book !== undefined && openOut === null && isPanna(open);
  const canDeclareClose = declared && book !== undefined && openOut !== null && closeOut === null && isPanna(close);

  return (
    <section className="card matka-draw" aria-label={`Draw of ${market.marketName}`} data-testid="matka-draw">
      <div className="admin-head">
        <h3 className="card-title">Draw</h3>
        {current !== null && (
          <>
            <button type="button" className="btn btn-small btn-outline" onClick={() => setDrawText(String(current))} aria-pressed={drawNo === current}>
              Current #{current}
            </button>
            <button type="button" className="btn btn-small btn-outline" onClick={() => setDrawText(String(current - 1))} aria-pressed={drawNo === current - 1} data-testid="matka-draw-previous">
              Previous #{current - 1}
            </button>
          </>
        )}
        <label className="inline-field">
          <span className="muted small">No.</span>
          <input className="matka-draw-no" inputMode="numeric" value={drawText} onChange={(e) => setDrawText(e.target.value.replace(/\D/g, ''))} aria-label="Draw number" data-testid="matka-draw-input" />
        </label>
      </div>
      <QueryState isPending={q.isPending && drawNo !== null} error={book ? null : q.error} what="Draw" />
      {book && (
        <>
          <dl className="kv" data-testid="matka-draw-results" data-open={openOut ?? ''} data-close={closeOut ?? ''}>
            <dt>Open result due</dt>
            <dd>{ist(book.opensAt)}</dd>
            <dt>Close result due</dt>
            <dd>{ist(book.closesAt)}</dd>
            <dt>Result</dt>
            <dd className="mono">
              {openOut ?? '***'}-{openOut ? pannaDigit(openOut) : '*'}
              {closeOut ? pannaDigit(closeOut) : '*'}-{closeOut ?? '***'}
            </dd>
          </dl>
          <div className="settings-grid">
            <div className="field">
              <label htmlFor={`declare-open-${market.id}`}>Open panna {openOut ? '(declared)' : '(candidate)'}</label>
              <input id={`declare-open-${market.id}`} inputMode="numeric" maxLength={3} value={openOut ?? open} disabled={openOut !== null} onChange={(e) => setOpen(e.target.value.replace(/\D/g, ''))} data-testid="matka-open-panna" />
              {open && !isPanna(open) && <span className="form-error small">Three digits in order, 0 after 9 (e.g. 134, 190)</span>}
            </div>
            <div className="field">
              <label htmlFor={`declare-close-${market.id}`}>Close panna {closeOut ? '(declared)' : '(candidate)'}</label>
              <input id={`declare-close-${market.id}`} inputMode="numeric" maxLength={3} value={closeOut ?? close} disabled={closeOut !== null} onChange={(e) => setClose(e.target.value.replace(/\D/g, ''))} data-testid="matka-close-panna" />
              {close && !isPanna(close) && <span className="form-error small">Three digits in order, 0 after 9 (e.g. 479, 550)</span>}
            </div>
          </div>
          {book.ifDeclared ? <House d={book.ifDeclared} /> : <p className="hint">Type a candidate open panna to see what the house would keep or pay.</p>}
          {declared ? (
            <div className="form-row">
              <button type="button" className="btn btn-primary" disabled={!canDeclareOpen || m.isPending} onClick={() => setConfirm({ session: 'open', panna: open })} data-testid="matka-declare-open">
                Declare open
              </button>
              <button type="button" className="btn btn-primary" disabled={!canDeclareClose || m.isPending} onClick={() => setConfirm({ session: 'close', panna: close })} data-testid="matka-declare-close">
                Declare close
              </button>
            </div>
          ) : (
            <p className="hint">This market’s results are drawn by the server from its committed seed.</p>
          )}
          {declared && openOut === null && now < book.opensAt && <p className="hint">The open result can be declared once the open time has passed.</p>}
          {declared && openOut !== null && closeOut === null && now < book.closesAt && <p className="hint">The close result can be declared once the close time has passed.</p>}
          <div className="table-wrap">
            <table className="table admin-table" data-testid="matka-book">
              <thead>
                <tr>
                  <th>Type</th>
                  <th>Session</th>
                  <th>Number</th>
                  <th className="num">Bids</th>
                  <th className="num">Points</th>
                  <th className="num">Pays if it wins</th>
                  <th>On the candidate</th>
                </tr>
              </thead>
              <tbody>
                {book.book.map((l) => (
                  <tr key={`${l.bidType}:${l.session}:${l.number}`}>
                    <td data-label="Type">{l.bidType.replace(/_/g, ' ')}</td>
                    <td data-label="Session">{l.session}</td>
                    <td data-label="Number" className="mono">
                      {l.number}
                    </td>
                    <td data-label="Bids" className="num">
                      {l.bids}
                    </td>
                    <td data-label="Points" className="num">
                      {formatInr(l.points)}
                    </td>
                    <td data-label="Pays if it wins" className="num">
                      {formatInr(l.payoutIfWins)}
                    </td>
                    <td data-label="On the candidate">{l.wins === null ? '—' : l.wins ? <b className="neg">wins</b> : 'loses'}</td>
                  </tr>
                ))}
                {book.book.length === 0 && <EmptyRow cols={7}>No bids held on this draw.</EmptyRow>}
              </tbody>
            </table>
          </div>
        </>
      )}
      {confirm && (
        <Modal title={`Declare the ${confirm.session} result`} onClose={() => setConfirm(null)}>
          <p data-testid="matka-confirm-text">
            Declare <b className="mono">{confirm.panna}</b> (digit {pannaDigit(confirm.panna)}) as the {confirm.session} result of <b>{market.marketName}</b>, draw #{drawNo}?
          </p>
          {book?.ifDeclared && <House d={book.ifDeclared} />}
          <p className="hint">A declared result stands: the bids it decides are settled at once.</p>
          <div className="form-row">
            <button type="button" className="btn btn-outline" onClick={() => setConfirm(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" disabled={m.isPending} onClick={() => m.mutate(confirm)} data-testid="matka-confirm-declare">
              {m.isPending ? 'Declaring…' : `Declare ${confirm.session}`}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
