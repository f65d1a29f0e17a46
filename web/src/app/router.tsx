/** Route table. Every screen is a lazy chunk so the login route loads only what it needs. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '@/components/Loading';

const LoginPage = lazy(() => import('@/features/auth/components/LoginPage').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('@/features/auth/components/SignupPage').then((m) => ({ default: m.SignupPage })));
const AppLayout = lazy(() => import('./layout/AppLayout'));
const PublicLayout = lazy(() => import('./layout/PublicLayout'));
const HomeRoute = lazy(() => import('./routes/home'));
const SportRoute = lazy(() => import('./routes/sport'));
const MatchRoute = lazy(() => import('./routes/match'));
const LiveMatchRoute = lazy(() => import('./routes/live-match'));
const CasinoRoute = lazy(() => import('./routes/casino'));
const AviatorRoute = lazy(() => import('./routes/aviator'));
const TitliRoute = lazy(() => import('./routes/titli'));
const AndarBaharRoute = lazy(() => import('./routes/andar-bahar'));
const ColorRoute = lazy(() => import('./routes/color'));
const MinesRoute = lazy(() => import('./routes/mines'));
const MatkaRoute = lazy(() => import('./routes/matka'));
const MatkaPlayRoute = lazy(() => import('./routes/matka-play'));
const MatkaBidRoute = lazy(() => import('./routes/matka-bid'));
const MatkaChartRoute = lazy(() => import('./routes/matka-chart'));
const FairnessRoute = lazy(() => import('./routes/fairness'));
const Cricket2Route = lazy(() => import('./routes/cricket2'));
const Cricket2GameRoute = lazy(() => import('./routes/cricket2-game'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const TransactionsRoute = lazy(() => import('./routes/transactions'));
const HistoryRoute = lazy(() => import('./routes/history'));
const SettingsRoute = lazy(() => import('./routes/settings'));
// The operators' console: its own shell, its own chunks.
const AdminRoutes = lazy(() => import('@/features/admin/routes'));

const s = (el: ReactNode) => <Suspense fallback={<Loading />}>{el}</Suspense>;

const CASINO_LIST = ['slots', 'live', 'live-casino', 'table-games', 'jackpots'];
/** The Live Cricket Market list opens the first; the spec names both for the same screen. */
const LIVE_MATCH = ['/matchlist/currmtc', '/match/currmtc'];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={s(<LoginPage />)} />
      <Route path="/signup" element={s(<SignupPage />)} />
      <Route path="/inplay" element={<Navigate to="/" replace />} />
      <Route path="/admin/*" element={s(<AdminRoutes />)} />
      {/* Public: the three-card game's screens (a visitor is not sent to /login). */}
      <Route element={s(<PublicLayout />)}>
        <Route path="/cricket2" element={s(<Cricket2Route />)} />
        <Route path="/cricket2/games/:Livematch" element={s(<Cricket2GameRoute />)} />
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
        <Route path="/casino/aviator" element={s(<AviatorRoute />)} />
        <Route path="/casino/fun-games" element={s(<TitliRoute />)} />
        <Route path="/casino/andar-bahar" element={s(<AndarBaharRoute />)} />
        <Route path="/casino/color-prediction" element={s(<ColorRoute />)} />
        <Route path="/casino/mines" element={s(<MinesRoute />)} />
        <Route path="/casino/matka" element={s(<MatkaRoute />)} />
        <Route path="/casino/matka/chart/:marketId" element={s(<MatkaChartRoute />)} />
        <Route path="/casino/play/:gameName/:bidStatus" element={s(<MatkaPlayRoute />)} />
        <Route
          path="/casino/bidpage/:gameName/:bitType/:pointsToplay/:profit/:bitStatus"
          element={s(<MatkaBidRoute />)}
        />
        <Route path="/fairness" element={s(<FairnessRoute />)} />
        <Route path="/account/profile" element={s(<ProfileRoute />)} />
        <Route path="/account/transactions" element={s(<TransactionsRoute />)} />
        <Route path="/account/settings" element={s(<SettingsRoute />)} />
        <Route path="/history" element={s(<HistoryRoute />)} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
