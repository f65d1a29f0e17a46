/**
 * One user: balance and exposure, block / unblock, a password-reset code (issued after a confirmation, shown once),
 * their responsible gaming (limits, a break or self-exclusion; a break can be lifted), ledger (with "load more"), bets
 * and sessions.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminErrorMessage } from '../text';
import { formatInr } from '@/lib/money';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/keys';
import { setBlocked, useAdminUser, useUserBets, useUserLedger } from '../api/money';
import type { AdminUser } from '../api/types';
import { FlagBadge } from '../components/Badges';
import { QueryState } from '../components/QueryState';
import { LoadMore } from '@/components/LoadMore';
import { dateTime } from '../format';
import { EmptyRow } from '@/components/EmptyRow';
import { ResetCodeCard } from '../components/ResetCodeCard';
import { RgCard } from '../components/RgCard';
import { Card } from '@/components/Card';
import { AdminHead } from '../components/AdminPage';
import { ChangeButton } from '../components/ChangeButton';
import { usePlatform } from '@/lib/platform';
import { regionLabel } from '../kyc';

/** Real mode: the date of birth and age, the region (and whether it is still allowed), the identity level. */
function RealFactsStats({ user }: { user: AdminUser }) {
  const { t } = useTranslation('adminMoney');
  const regions = usePlatform().realMoney?.regions;
  return (
    <>
      <div className="stat">
        <span className="muted small">{t('user.dateOfBirth')}</span>
        <b data-testid="user-dob">
          {user.dateOfBirth ? t('user.dobAge', { date: user.dateOfBirth, age: user.age ?? '—' }) : '—'}
        </b>
      </div>
      <div className="stat">
        <span className="muted small">{t('user.region')}</span>
        <b data-testid="user-region">
          {regionLabel(user.region, regions)}{' '}
          {user.region && !user.regionAllowed && (
            <span className="status status-rejected">{t('user.regionRefused')}</span>
          )}
        </b>
      </div>
      <div className="stat">
        <span className="muted small">{t('user.kycLevel')}</span>
        <b data-testid="user-kyc-level">{t(`kyc:level.${user.kycLevel}`)}</b>
      </div>
    </>
  );
}

const signed = (v: number) => (v > 0 ? `+${formatInr(v)}` : v < 0 ? `−${formatInr(-v)}` : formatInr(0));

function BlockButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation('adminMoney');
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: () => setBlocked(user.id, !user.blocked),
    onMutate: () => setError(''),
    onSuccess: () => toast(user.blocked ? t('user.unblocked') : t('user.blockedToast'), 'success'),
    onError: (err) => setError(adminErrorMessage(err, t('user.changeFailed'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  return (
    <ChangeButton
      tone={user.blocked ? 'btn-outline' : 'btn-primary'}
      pending={m.isPending}
      onClick={() => m.mutate()}
      error={error}
    >
      {user.blocked ? t('user.unblock') : t('user.block')}
    </ChangeButton>
  );
}

function Ledger({ id }: { id: string }) {
  const { t } = useTranslation('adminMoney');
  const q = useUserLedger(id);
  const rows = q.data?.pages.flatMap((p) => p.entries ?? []) ?? [];
  return (
    <Card id="ledger-title" title={t('user.ledger.title')}>
      <QueryState isPending={q.isPending} error={q.error} what={t('admin:what.ledger')} />
      <div className="table-wrap">
        <table className="table admin-table">
          <thead>
            <tr>
              <th>{t('user.ledger.when')}</th>
              <th>{t('user.ledger.kind')}</th>
              <th>{t('user.ledger.reference')}</th>
              <th className="num">{t('user.ledger.deltaBalance')}</th>
              <th className="num">{t('user.ledger.deltaExposure')}</th>
              <th className="num">{t('user.ledger.balanceAfter')}</th>
              <th className="num">{t('user.ledger.exposureAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={String(e.id)}>
                <td data-label={t('user.ledger.when')}>{dateTime(e.at)}</td>
                <td data-label={t('user.ledger.kind')}>{e.kind}</td>
                <td data-label={t('user.ledger.reference')} className="mono">
                  {e.reference}
                </td>
                <td data-label={t('user.ledger.deltaBalance')} className="num">
                  {signed(e.deltaBalance)}
                </td>
                <td data-label={t('user.ledger.deltaExposure')} className="num">
                  {signed(e.deltaExposure)}
                </td>
                <td data-label={t('user.ledger.balanceAfter')} className="num">
                  {formatInr(e.balanceAfter)}
                </td>
                <td data-label={t('user.ledger.exposureAfter')} className="num">
                  {formatInr(e.exposureAfter)}
                </td>
              </tr>
            ))}
            {q.data && rows.length === 0 && <EmptyRow cols={7}>{t('user.ledger.empty')}</EmptyRow>}
          </tbody>
        </table>
      </div>
      <LoadMore hasMore={q.hasNextPage} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </Card>
  );
}

function Bets({ id }: { id: string }) {
  const { t } = useTranslation('adminMoney');
  const q = useUserBets(id);
  const rows = q.data ?? [];
  return (
    <Card id="bets-title" title={t('user.bets.title')}>
      <QueryState isPending={q.isPending} error={q.error} what={t('admin:what.bets')} />
      <div className="table-wrap">
        <table className="table admin-table">
          <thead>
            <tr>
              <th>{t('user.bets.when')}</th>
              <th>{t('user.bets.game')}</th>
              <th>{t('user.bets.round')}</th>
              <th>{t('user.bets.slot')}</th>
              <th className="num">{t('user.bets.stake')}</th>
              <th className="num">{t('user.bets.cashedOut')}</th>
              <th className="num">{t('user.bets.payout')}</th>
              <th>{t('user.bets.result')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={`${b.game}-${b.round}-${b.slot}`}>
                <td data-label={t('user.bets.when')}>{dateTime(b.at)}</td>
                <td data-label={t('user.bets.game')}>{b.game}</td>
                <td data-label={t('user.bets.round')}>{String(b.round)}</td>
                <td data-label={t('user.bets.slot')}>{b.slot}</td>
                <td data-label={t('user.bets.stake')} className="num">
                  {formatInr(b.stake)}
                </td>
                <td data-label={t('user.bets.cashedOut')} className="num">
                  {b.cashedOutAt ? `${b.cashedOutAt.toFixed(2)}×` : '—'}
                </td>
                <td data-label={t('user.bets.payout')} className="num">
                  {b.payout === null ? '—' : formatInr(b.payout)}
                </td>
                <td data-label={t('user.bets.result')}>
                  {t(`admin:values.betResult.${b.result}`, { defaultValue: b.result })}
                </td>
              </tr>
            ))}
            {q.data && rows.length === 0 && <EmptyRow cols={8}>{t('user.bets.empty')}</EmptyRow>}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

export default function UserScreen() {
  const { id = '' } = useParams();
  const { t } = useTranslation('adminMoney');
  const q = useAdminUser(id);
  const u = q.data?.user;
  const { play } = usePlatform();
  const sessions = q.data?.sessions ?? [];
  return (
    <>
      <Link to="/admin/money/users" className="back-link">
        {t('user.back')}
      </Link>
      <QueryState isPending={q.isPending} error={q.error} what={t('admin:what.user')} />
      {u && (
        <>
          <AdminHead title={u.name}>
            <FlagBadge on={u.blocked} yes={t('admin:common.blocked')} no={t('admin:common.active')} />
            <span className="muted small">
              #{String(u.userNo)} · {t(`admin:values.role.${u.role}`, { defaultValue: u.role })}
            </span>
          </AdminHead>
          <div className="stat-grid">
            <div className="stat">
              <span className="muted small">{t('user.balance')}</span>
              <b data-testid="user-balance">{formatInr(u.balance)}</b>
            </div>
            <div className="stat">
              <span className="muted small">{t('user.exposure')}</span>
              <b data-testid="user-exposure">{formatInr(u.exposure)}</b>
            </div>
            <div className="stat">
              <span className="muted small">{t('user.phone')}</span>
              <b>{u.phone}</b>
            </div>
            <div className="stat">
              <span className="muted small">{t('user.email')}</span>
              <b>{u.email || '—'}</b>
            </div>
            {!play && <RealFactsStats user={u} />}
          </div>
          <BlockButton user={u} />
          {/* Keyed by the person: another person's page never shows this one's code. */}
          <ResetCodeCard key={u.id} user={u} />
          <RgCard rg={q.data?.rg} userId={id} name={u.name} />
          <Ledger id={id} />
          <Bets id={id} />
          <Card id="sessions-title" title={t('user.sessions.title')}>
            <div className="table-wrap">
              <table className="table admin-table">
                <thead>
                  <tr>
                    <th>{t('user.sessions.opened')}</th>
                    <th>{t('user.sessions.expires')}</th>
                    <th>{t('user.sessions.revoked')}</th>
                    <th>{t('user.sessions.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sessions.map((s, i) => (
                    <tr key={`${s.createdAt}-${i}`}>
                      <td data-label={t('user.sessions.opened')}>{dateTime(s.createdAt)}</td>
                      <td data-label={t('user.sessions.expires')}>{dateTime(s.expiresAt)}</td>
                      <td data-label={t('user.sessions.revoked')}>{dateTime(s.revokedAt)}</td>
                      <td data-label={t('user.sessions.state')}>
                        {s.live ? (
                          <span className="status status-approved">{t('admin:common.live')}</span>
                        ) : (
                          <span className="muted">{t('user.sessions.ended')}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                  {sessions.length === 0 && <EmptyRow cols={4}>{t('user.sessions.empty')}</EmptyRow>}
                </tbody>
              </table>
            </div>
          </Card>
        </>
      )}
    </>
  );
}
