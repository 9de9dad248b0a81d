import type { ComponentType, ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { SITE_ROUTES, type SitePath, siteRouteFor } from '@browser-shared/site-routes.catalogue';
import { AnalyticsProvider } from './analytics/analytics-context';
import { useAuth } from './auth/auth-context';
import { Layout } from './components/Layout';
import { PageSkeleton } from './components/PageSkeleton';
import { ProtectedRoute } from './components/ProtectedRoute';
import { type LazyPage, lazyPage } from './lazy-page';
import { LandingPage } from './pages/LandingPage';

// Every page but the landing page loads on demand, keeping the first download small. The public
// pages are drawn like the landing page, without Chakra's runtime ('shell': theme/shell-styles.ts),
// so that they show with React and their own code alone; test/e2e/first-paint.e2e-spec.ts holds
// each to a budget of initial JavaScript.
const FeaturesPage = lazyPage(() => import('./pages/FeaturesPage'), 'shell');
const AboutPage = lazyPage(() => import('./pages/AboutPage'), 'shell');
const PricingPage = lazyPage(() => import('./pages/PricingPage'), 'shell');
const EducationPage = lazyPage(() => import('./pages/EducationPage'), 'shell');
const PrivacyPage = lazyPage(() => import('./pages/PrivacyPage'), 'shell');
const TermsPage = lazyPage(() => import('./pages/TermsPage'), 'shell');
const LoginPage = lazyPage(() => import('./pages/LoginPage'), 'shell');
const SignupPage = lazyPage(() => import('./pages/SignupPage'), 'shell');
const ForgotPasswordPage = lazyPage(() => import('./pages/ForgotPasswordPage'), 'shell');
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage'), 'shell');
const VerifyEmailPage = lazyPage(() => import('./pages/VerifyEmailPage'), 'shell');
const MonitoredEmailVerifyPage = lazyPage(() => import('./pages/MonitoredEmailVerifyPage'), 'shell');
const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'shell');
const ReportPage = lazyPage(() => import('./pages/ReportPage'), 'shell');
const HistoryPage = lazyPage(() => import('./pages/HistoryPage'), 'shell');
const AccountPage = lazyPage(() => import('./pages/AccountPage'), 'shell');
const MonitoringPage = lazyPage(() => import('./pages/MonitoringPage'), 'shell');
const RequestsPage = lazyPage(() => import('./pages/RequestsPage'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));

/** '/' is the landing page for visitors and the dashboard for signed-in users. */
function HomePage() {
  const { state } = useAuth();
  if (state.status === 'signedIn') return <Navigate to="/dashboard" replace />;
  // The browser holds a session that is being checked: which page this is is not known yet.
  if (state.status === 'loading') return <PageSkeleton />;
  return <LandingPage />;
}

/** The page of every route of the catalogue (server/src/browser-shared/site-routes.catalogue.ts), which the server serves with status 200. */
const PAGES: Record<SitePath, ComponentType | LazyPage> = {
  '/': HomePage,
  '/features': FeaturesPage,
  '/about': AboutPage,
  '/pricing': PricingPage,
  '/education': EducationPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/verify-email': VerifyEmailPage,
  '/monitoring/verify-email': MonitoredEmailVerifyPage,
  '/dashboard': DashboardPage,
  '/history': HistoryPage,
  '/report': ReportPage,
  '/account': AccountPage,
  '/monitoring': MonitoringPage,
  '/requests': RequestsPage,
};

const isLazy = (page: ComponentType | LazyPage): page is LazyPage => 'preload' in page;

/** Fetches the code of the page at `pathname` (which the server's HTML has the browser preload). */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = siteRouteFor(pathname);
  const page = route ? PAGES[route.path] : NotFoundPage;
  return isLazy(page) ? page.preload() : Promise.resolve();
}

/** The element of a route's page. */
function pageOf(path: SitePath): ReactNode {
  const Page = PAGES[path];
  return <Page />;
}

/**
 * The site's routes with their access rules. Public pages render at once, without
 * waiting for the session check; signed-in pages show a skeleton until it answers.
 */
export function App() {
  return (
    <AnalyticsProvider>
      <Layout>
        <Routes>
          {SITE_ROUTES.filter((route) => route.access !== 'signed-in').map((route) => (
            <Route key={route.path} path={route.path} element={pageOf(route.path)} />
          ))}
          <Route element={<ProtectedRoute />}>
            {SITE_ROUTES.filter((route) => route.access === 'signed-in').map((route) => (
              <Route key={route.path} path={route.path} element={pageOf(route.path)} />
            ))}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Layout>
    </AnalyticsProvider>
  );
}
