import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AnalyticsProvider } from './analytics/analytics-context';
import { useAuth } from './auth/auth-context';
import { Layout } from './components/Layout';
import { PageSpinner } from './components/PageSpinner';
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

/** The routes of spec section 2 with their access rules. Nothing renders before auth first reports. */
export function App() {
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner label="Loading Footprint" />;
  return (
    <AnalyticsProvider>
      <Layout>
        <Suspense fallback={<PageSpinner label="Loading page" />}>
          <Routes>
            <Route path="/" element={state.status === 'signedIn' ? <Navigate to="/dashboard" replace /> : <LandingPage />} />
            <Route path="/features" element={<FeaturesPage />} />
            <Route path="/about" element={<AboutPage />} />
            <Route path="/pricing" element={<PricingPage />} />
            <Route path="/education" element={<EducationPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/terms" element={<TermsPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/signup" element={<SignupPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/verify-email" element={<VerifyEmailPage />} />
            <Route path="/monitoring/verify-email" element={<MonitoredEmailVerifyPage />} />
            <Route element={<ProtectedRoute />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/report" element={<ReportPage />} />
              <Route path="/account" element={<AccountPage />} />
              <Route path="/monitoring" element={<MonitoringPage />} />
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </Layout>
    </AnalyticsProvider>
  );
}
