import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { SITE_ROUTES, type SitePath } from '@browser-shared/site-routes';
import { AnalyticsProvider } from './analytics/analytics-context';
import { useAuth } from './auth/auth-context';
import { Layout } from './components/Layout';
import { PageSkeleton } from './components/PageSkeleton';
import { ProtectedRoute } from './components/ProtectedRoute';
import { LandingPage } from './pages/LandingPage';

// Every page but the landing page loads on demand, keeping the first download small.
const FeaturesPage = lazy(() => import('./pages/FeaturesPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const PricingPage = lazy(() => import('./pages/PricingPage'));
const EducationPage = lazy(() => import('./pages/EducationPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const SignupPage = lazy(() => import('./pages/SignupPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('./pages/VerifyEmailPage'));
const MonitoredEmailVerifyPage = lazy(() => import('./pages/MonitoredEmailVerifyPage'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const ReportPage = lazy(() => import('./pages/ReportPage'));
const AccountPage = lazy(() => import('./pages/AccountPage'));
const MonitoringPage = lazy(() => import('./pages/MonitoringPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** '/' is the landing page for visitors and the dashboard for signed-in users. */
function HomePage() {
  const { state } = useAuth();
  if (state.status === 'signedIn') return <Navigate to="/dashboard" replace />;
  // The browser holds a session that is being checked: which page this is is not known yet.
  if (state.status === 'loading') return <PageSkeleton />;
  return <LandingPage />;
}

/** The page of every route of the catalogue (server/src/browser-shared/site-routes.ts), which the server serves with status 200. */
const PAGES: Record<SitePath, ReactNode> = {
  '/': <HomePage />,
  '/features': <FeaturesPage />,
  '/about': <AboutPage />,
  '/pricing': <PricingPage />,
  '/education': <EducationPage />,
  '/privacy': <PrivacyPage />,
  '/terms': <TermsPage />,
  '/login': <LoginPage />,
  '/signup': <SignupPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/verify-email': <VerifyEmailPage />,
  '/monitoring/verify-email': <MonitoredEmailVerifyPage />,
  '/dashboard': <DashboardPage />,
  '/report': <ReportPage />,
  '/account': <AccountPage />,
  '/monitoring': <MonitoringPage />,
};

/**
 * The routes of spec section 2 with their access rules. Public pages render at once, without
 * waiting for the session check; signed-in pages show a skeleton until it answers.
 */
export function App() {
  return (
    <AnalyticsProvider>
      <Layout>
        <Routes>
          {SITE_ROUTES.filter((route) => route.access !== 'signed-in').map((route) => (
            <Route key={route.path} path={route.path} element={PAGES[route.path]} />
          ))}
          <Route element={<ProtectedRoute />}>
            {SITE_ROUTES.filter((route) => route.access === 'signed-in').map((route) => (
              <Route key={route.path} path={route.path} element={PAGES[route.path]} />
            ))}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Layout>
    </AnalyticsProvider>
  );
}
