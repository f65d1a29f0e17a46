/**
 * Route table. Every screen is a lazy chunk so the login route loads only what it needs. The games' routes come from
 * the games registry (`src/games/registry.ts`), each in the shell its game names.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '@/components/Loading';
import { GAMES, type GameDef } from '@/games/registry';
import { AppGameRoute, PublicGameRoute } from './routes/game';

const LoginPage = lazy(() => import('@/features/auth/components/LoginPage').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('@/features/auth/components/SignupPage').then((m) => ({ default: m.SignupPage })));
const AppLayout = lazy(() => import('./layout/AppLayout'));
const PublicLayout = lazy(() => import('./layout/PublicLayout'));
const HomeRoute = lazy(() => import('./routes/home'));
const SportRoute = lazy(() => import('./routes/sport'));
const MatchRoute = lazy(() => import('./routes/match'));
const LiveMatchRoute = lazy(() => import('./routes/live-match'));
const CasinoRoute = lazy(() => import('./routes/casino'));
const FairnessRoute = lazy(() => import('./routes/fairness'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const TransactionsRoute = lazy(() => import('./routes/transactions'));
const HistoryRoute = lazy(() => import('./routes/history'));
const SettingsRoute = lazy(() => import('./routes/settings'));
const IdentityRoute = lazy(() => import('./routes/identity'));
// The operators' console: its own shell, its own chunks.
const AdminRoutes = lazy(() => import('@/features/admin/routes'));

const s = (el: ReactNode) => <Suspense fallback={<Loading />}>{el}</Suspense>;

const CASINO_LIST = ['slots', 'live', 'live-casino', 'table-games', 'jackpots'];
/** The Live Cricket Market list opens the first; the spec names both for the same screen. */
const LIVE_MATCH = ['/matchlist/currmtc', '/match/currmtc'];

const gameRoutes = (shell: GameDef['shell']) => GAMES.filter((g) => g.shell === shell).flatMap((g) => g.routes);
const PUBLIC_GAME_ROUTES = gameRoutes('public');
const APP_GAME_ROUTES = gameRoutes('app');

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={s(<LoginPage />)} />
      <Route path="/signup" element={s(<SignupPage />)} />
      <Route path="/inplay" element={<Navigate to="/" replace />} />
      <Route path="/admin/*" element={s(<AdminRoutes />)} />
      {/* Public: the screens of the games a visitor may open (Aar Par Parchi): no redirect to /login. */}
      <Route element={s(<PublicLayout />)}>
        {PUBLIC_GAME_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={s(<PublicGameRoute page={r.page} />)} />
        ))}
      </Route>
      <Route element={s(<AppLayout />)}>
        <Route index element={s(<HomeRoute />)} />
        <Route path="/sport/:sportId" element={s(<SportRoute />)} />
        <Route path="/match/:matchId" element={s(<MatchRoute />)} />
        {LIVE_MATCH.map((p) => (
          <Route key={p} path={p} element={s(<LiveMatchRoute />)} />
        ))}
        <Route path="/casino" element={s(<CasinoRoute />)} />
        {CASINO_LIST.map((p) => (
          <Route key={p} path={`/casino/${p}`} element={s(<CasinoRoute />)} />
        ))}
        {APP_GAME_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={s(<AppGameRoute page={r.page} />)} />
        ))}
        <Route path="/fairness" element={s(<FairnessRoute />)} />
        <Route path="/account/profile" element={s(<ProfileRoute />)} />
        <Route path="/account/transactions" element={s(<TransactionsRoute />)} />
        <Route path="/account/settings" element={s(<SettingsRoute />)} />
        <Route path="/account/identity" element={s(<IdentityRoute />)} />
        <Route path="/history" element={s(<HistoryRoute />)} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
