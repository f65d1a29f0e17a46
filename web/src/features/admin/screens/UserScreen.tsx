/** One user: balance and exposure, block / unblock, ledger (with "load more"), bets and sessions. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { formatInr } from '@/lib/money';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/keys';
import { setBlocked, useAdminUser, useUserBets, useUserLedger } from '../api/money';
import type { AdminUser } from '../api/types';
import { FlagBadge } from '../components/Badges';
import { LoadMore, QueryState } from '../components/QueryState';
import { dateTime } from '../format';
import { EmptyRow } from '../components/EmptyRow';

const signed = (v: number) => (v > 0 ? `+${formatInr(v)}` : v < 0 ? `−${formatInr(-v)}` : formatInr(0));

function BlockButton({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: () => setBlocked(user.id, !user.blocked),
    onMutate: () => setError(''),
    onSuccess: () => toast(user.blocked ? 'User unblocked' : 'User blocked: every session ended', 'success'),
    onError: (err) => setError(errorMessage(err, 'The change failed.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  return (
    <div>
      <button type="button" className={`btn btn-small ${user.blocked ? 'btn-outline' : 'btn-primary'}`} disabled={m.isPending} onClick={() => m.mutate()}>
        {m.isPending ? 'Saving…' : user.blocked ? 'Unblock' : 'Block'}
      </button>
      {error && (
        <p className="decision-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Ledger({ id }: { id: string }) {
  const q = useUserLedger(id);
  const rows = q.data?.pages.flatMap((p) => p.entries ?? []) ?? [];
  return (
    <section className="card" aria-labelledby="ledger-title">
      <h2 id="ledger-title" className="card-title">
        Ledger
      </h2>
      <QueryState isPending={q.isPending} error={q.error} what="Ledger" />
      <div className="table-wrap">
        <table className="table admin-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Kind</th>
              <th>Reference</th>
              <th className="num">Δ balance</th>
              <th className="num">Δ exposure</th>
              <th className="num">Balance after</th>
              <th className="num">Exposure after</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={String(e.id)}>
                <td data-label="When">{dateTime(e.at)}</td>
                <td data-label="Kind">{e.kind}</td>
                <td data-label="Reference" className="mono">{e.reference}</td>
                <td data-label="Δ balance" className="num">{signed(e.deltaBalance)}</td>
                <td data-label="Δ exposure" className="num">{signed(e.deltaExposure)}</td>
                <td data-label="Balance after" className="num">{formatInr(e.balanceAfter)}</td>
                <td data-label="Exposure after" className="num">{formatInr(e.exposureAfter)}</td>
              </tr>
            ))}
            {q.data && rows.length === 0 && (
              <EmptyRow cols={7}>No ledger entries.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
      <LoadMore hasMore={q.hasNextPage} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </section>
  );
}

function Bets({ id }: { id: string }) {
  const q = useUserBets(id);
  const rows = q.data ?? [];
  return (
    <section className="card" aria-labelledby="bets-title">
      <h2 id="bets-title" className="card-title">
        Bets
      </h2>
      <QueryState isPending={q.isPending} error={q.error} what="Bets" />
      <div className="table-wrap">
        <table className="table admin-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Game</th>
              <th>Round</th>
              <th>Slot</th>
              <th className="num">Stake</th>
              <th className="num">Cashed out</th>
              <th className="num">Payout</th>
              <th>Result</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={`${b.game}-${b.round}-${b.slot}`}>
                <td data-label="When">{dateTime(b.at)}</td>
                <td data-label="Game">{b.game}</td>
                <td data-label="Round">{String(b.round)}</td>
                <td data-label="Slot">{b.slot}</td>
                <td data-label="Stake" className="num">{formatInr(b.stake)}</td>
                <td data-label="Cashed out" className="num">{b.cashedOutAt ? `${b.cashedOutAt.toFixed(2)}×` : '—'}</td>
                <td data-label="Payout" className="num">{b.payout === null ? '—' : formatInr(b.payout)}</td>
                <td data-label="Result">{b.result}</td>
              </tr>
            ))}
            {q.data && rows.length === 0 && (
              <EmptyRow cols={8}>No bets.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function UserScreen() {
  const { id = '' } = useParams();
  const q = useAdminUser(id);
  const u = q.data?.user;
  const sessions = q.data?.sessions ?? [];
  return (
    <>
      <Link to="/admin/money/users" className="back-link">
        ← Users
      </Link>
      <QueryState isPending={q.isPending} error={q.error} what="User" />
      {u && (
        <>
          <div className="admin-head">
            <h1 className="page-title">{u.name}</h1>
            <FlagBadge on={u.blocked} yes="Blocked" no="Active" />
            <span className="muted small">
              #{String(u.userNo)} · {u.role}
            </span>
          </div>
          <div className="stat-grid">
            <div className="stat">
              <span className="muted small">Balance</span>
              <b data-testid="user-balance">{formatInr(u.balance)}</b>
            </div>
            <div className="stat">
              <span className="muted small">Exposure</span>
              <b data-testid="user-exposure">{formatInr(u.exposure)}</b>
            </div>
            <div className="stat">
              <span className="muted small">Phone</span>
              <b>{u.phone}</b>
            </div>
            <div className="stat">
              <span className="muted small">E-mail</span>
              <b>{u.email || '—'}</b>
            </div>
          </div>
          <BlockButton user={u} />
          <Ledger id={id} />
          <Bets id={id} />
          <section className="card" aria-labelledby="sessions-title">
            <h2 id="sessions-title" className="card-title">
              Sessions
            </h2>
            <div className="table-wrap">
              <table className="table admin-table">
                <thead>
                  <tr>
                    <th>Opened</th>
                    <th>Expires</th>
                    <th>Revoked</th>
                    <th>State</th>
                  </tr>
                </thead>
                <tbody>
                  {sessions.map((s, i) => (
                    <tr key={`${s.createdAt}-${i}`}>
                      <td data-label="Opened">{dateTime(s.createdAt)}</td>
                      <td data-label="Expires">{dateTime(s.expiresAt)}</td>
                      <td data-label="Revoked">{dateTime(s.revokedAt)}</td>
                      <td data-label="State">{s.live ? <span className="status status-approved">Live</span> : <span className="muted">ended</span>}</td>
                    </tr>
                  ))}
                  {sessions.length === 0 && (
                    <EmptyRow cols={4}>No sessions.</EmptyRow>
                  )}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </>
  );
}
