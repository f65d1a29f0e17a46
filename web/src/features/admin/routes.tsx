/** The console's routes (/admin/*). The whole console is lazy: players never download it. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '@/components/Loading';

const AdminLayout = lazy(() => import('./components/AdminLayout'));
const ActorsScreen = lazy(() => import('./screens/ActorsScreen'));
const ActorDetailScreen = lazy(() => import('./screens/ActorDetailScreen'));
const MoneyScreen = lazy(() => import('./screens/MoneyScreen'));
const RequestsScreen = lazy(() => import('./screens/RequestsScreen'));
const UsersScreen = lazy(() => import('./screens/UsersScreen'));
const UserScreen = lazy(() => import('./screens/UserScreen'));
const PaymentScreen = lazy(() => import('./screens/PaymentScreen'));
const BooksScreen = lazy(() => import('./screens/BooksScreen'));
const NewsScreen = lazy(() => import('./screens/NewsScreen'));
const GamesScreen = lazy(() => import('./screens/GamesScreen'));
const MatkaScreen = lazy(() => import('./screens/MatkaScreen'));
const RiskScreen = lazy(() => import('./screens/RiskScreen'));
const HoldScreen = lazy(() => import('./screens/HoldScreen'));
const AccountingScreen = lazy(() => import('./screens/AccountingScreen'));
const ExchangeRiskScreen = lazy(() => import('./screens/ExchangeRiskScreen'));
const FeedMarketsScreen = lazy(() => import('./screens/FeedMarketsScreen'));
const AuditScreen = lazy(() => import('./screens/AuditScreen'));
const ClusterScreen = lazy(() => import('./screens/ClusterScreen'));
const KycScreen = lazy(() => import('./screens/KycScreen'));

const s = (el: ReactNode) => <Suspense fallback={<Loading />}>{el}</Suspense>;

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={s(<AdminLayout />)}>
        <Route index element={s(<ActorsScreen />)} />
        <Route path="actors/:id" element={s(<ActorDetailScreen />)} />
        <Route path="money" element={s(<MoneyScreen />)}>
          <Route index element={s(<RequestsScreen />)} />
          <Route path="users" element={s(<UsersScreen />)} />
          <Route path="users/:id" element={s(<UserScreen />)} />
          <Route path="payment" element={s(<PaymentScreen />)} />
          <Route path="books" element={s(<BooksScreen />)} />
          <Route path="news" element={s(<NewsScreen />)} />
        </Route>
        <Route path="kyc" element={s(<KycScreen />)} />
        <Route path="games" element={s(<GamesScreen />)} />
        <Route path="matka" element={s(<MatkaScreen />)} />
        <Route path="risk" element={s(<RiskScreen />)} />
        <Route path="hold" element={s(<HoldScreen />)} />
        <Route path="accounting" element={s(<AccountingScreen />)} />
        <Route path="exchange-risk" element={s(<ExchangeRiskScreen />)} />
        <Route path="feed-markets" element={s(<FeedMarketsScreen />)} />
        <Route path="audit" element={s(<AuditScreen />)} />
        <Route path="cluster" element={s(<ClusterScreen />)} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}
