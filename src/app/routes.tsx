// The route table of both spec documents (document 1 §2, document 2 §2). Every page is lazy,
// so public pages never pull studio code. Paths keep the spec's spelling; the ones with
// capitals match case-sensitively.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageSpinner } from './PageSpinner';
import { RequireAuth } from './RequireAuth';
import { RouteErrorScreen } from './RouteErrorScreen';
import { PublicLayout } from './layouts/PublicLayout';
import { SessionLayout } from './layouts/SessionLayout';

const SignedInLayout = lazy(() => import('./layouts/SignedInLayout'));

// Public site
const HomePage = lazy(() => import('../pages/site/HomePage'));
const FooterPage = lazy(() => import('../pages/site/FooterPage'));
const TestimonialsPage = lazy(() => import('../pages/site/TestimonialsPage'));
const AboutPage = lazy(() => import('../pages/site/AboutPage'));
const TermsPage = lazy(() => import('../pages/site/TermsPage'));
const AffiliatePage = lazy(() => import('../pages/site/AffiliatePage'));
const FaqsPage = lazy(() => import('../pages/site/FaqsPage'));
const CareersPage = lazy(() => import('../pages/site/CareersPage'));
const BlogsPage = lazy(() => import('../pages/site/BlogsPage'));
const BlogDetailsPage = lazy(() => import('../pages/site/BlogDetailsPage'));
const ContactPage = lazy(() => import('../pages/site/ContactPage'));
const PricingPage = lazy(() => import('../pages/site/PricingPage'));
const PrivacyPage = lazy(() => import('../pages/site/PrivacyPage'));
const SidebarPage = lazy(() => import('../pages/site/SidebarPage'));
const ComingSoonPage = lazy(() => import('../pages/site/ComingSoonPage'));
const NotFoundPage = lazy(() => import('../pages/site/NotFoundPage'));
const LoginPage = lazy(() => import('../pages/auth/LoginPage'));

// Signed in: account
const AddressPage = lazy(() => import('../pages/account/AddressPage'));
const PaymentSuccessPage = lazy(() => import('../pages/account/PaymentSuccessPage'));
const ProfilePage = lazy(() => import('../pages/account/ProfilePage'));
const FeedbackPage = lazy(() => import('../pages/account/FeedbackPage'));

// Signed in: studio
const FacePage = lazy(() => import('../pages/studio/FacePage'));
const ImagePage = lazy(() => import('../pages/studio/ImagePage'));
const VideoPage = lazy(() => import('../pages/studio/VideoPage'));
const ClothSwapPage = lazy(() => import('../pages/studio/ClothSwapPage'));
const ImageToVideoPage = lazy(() => import('../pages/studio/ImageToVideoPage'));
const AIMusicPage = lazy(() => import('../pages/studio/AIMusicPage'));
const GalleryPage = lazy(() => import('../pages/studio/GalleryPage'));

const suspended = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;

const loginRoutes: RouteObject[] = ['/login', '/signup', '/forgot', '/otpverification'].map((path) => ({
  path,
  element: <LoginPage />,
}));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/testimonials', element: <TestimonialsPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/affiliate', element: <AffiliatePage /> },
          { path: '/faqs', element: <FaqsPage /> },
          { path: '/careers', element: <CareersPage /> },
          { path: '/blogs', element: <BlogsPage /> },
          { path: '/blogsDetails/:slug', caseSensitive: true, element: <BlogDetailsPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/pricing', element: <PricingPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          ...loginRoutes,
          { path: '/commingsoon', element: <ComingSoonPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // The spec declares /subscription twice, public and guarded; the public declaration comes
      // first and wins, so it is declared once here, as the public pricing page. The signed-in
      // pricing behaviour is decided inside PricingPage from the session; the layout follows it.
      { path: '/subscription', element: <SessionLayout />, children: [{ index: true, element: <PricingPage /> }] },
      { path: '/footer', element: suspended(<FooterPage />) },
      {
        path: '/sidebar',
        element: suspended(<SignedInLayout />),
        children: [{ index: true, element: <SidebarPage /> }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: suspended(<SignedInLayout />),
            children: [
              { path: '/address', element: <AddressPage /> },
              { path: '/paymentSuccess', caseSensitive: true, element: <PaymentSuccessPage /> },
              { path: '/face', element: <FacePage /> },
              { path: '/image', element: <ImagePage /> },
              { path: '/video', element: <VideoPage /> },
              { path: '/AIMusic', caseSensitive: true, element: <AIMusicPage /> },
              { path: '/gallery', element: <GalleryPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/clothSwap', caseSensitive: true, element: <ClothSwapPage /> },
              { path: '/feedback', element: <FeedbackPage /> },
              { path: '/Imagetovideo', caseSensitive: true, element: <ImageToVideoPage /> },
            ],
          },
        ],
      },
    ],
  },
];
