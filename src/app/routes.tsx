// The route table of both spec documents (document 1 §2, document 2 §2). Every page is lazy,
// so public pages never pull studio code. Paths keep the spec's spelling; the ones with
// capitals match case-sensitively.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageSpinner } from './PageSpinner';
import { RequireAuth } from './RequireAuth';
import { RouteErrorScreen } from './RouteErrorScreen';
import { PublicLayout } from './layouts/PublicLayout';
import { SessionLayout } from './layouts/SessionLayout';

const SignedInLayout = lazy(() => import('./layouts/SignedInLayout'));

// Public site. Marketing pages use the router's `lazy`: the chunk loads before the route renders,
// so the layout never paints a spinner that the page then pushes the footer away from (CLS).
type PageModule = { default: ComponentType };
const sitePage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
const FooterPage = lazy(() => import('../pages/site/FooterPage'));
const SidebarPage = lazy(() => import('../pages/site/SidebarPage'));
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
    // Nothing while the first page's chunk loads (public pages use the router's `lazy`).
    HydrateFallback: () => null,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', lazy: sitePage(() => import('../pages/site/HomePage')) },
          { path: '/testimonials', lazy: sitePage(() => import('../pages/site/TestimonialsPage')) },
          { path: '/about', lazy: sitePage(() => import('../pages/site/AboutPage')) },
          { path: '/terms', lazy: sitePage(() => import('../pages/site/TermsPage')) },
          { path: '/affiliate', lazy: sitePage(() => import('../pages/site/AffiliatePage')) },
          { path: '/faqs', lazy: sitePage(() => import('../pages/site/FaqsPage')) },
          { path: '/careers', lazy: sitePage(() => import('../pages/site/CareersPage')) },
          { path: '/blogs', lazy: sitePage(() => import('../pages/site/BlogsPage')) },
          { path: '/blogsDetails/:slug', caseSensitive: true, lazy: sitePage(() => import('../pages/site/BlogDetailsPage')) },
          { path: '/contact', lazy: sitePage(() => import('../pages/site/ContactPage')) },
          { path: '/pricing', lazy: sitePage(() => import('../pages/site/PricingPage')) },
          { path: '/privacy', lazy: sitePage(() => import('../pages/site/PrivacyPage')) },
          ...loginRoutes,
          { path: '/commingsoon', lazy: sitePage(() => import('../pages/site/ComingSoonPage')) },
          { path: '*', lazy: sitePage(() => import('../pages/site/NotFoundPage')) },
        ],
      },
      // The spec declares /subscription twice, public and guarded; the public declaration comes
      // first and wins, so it is declared once here, as the public pricing page. The signed-in
      // pricing behaviour is decided inside PricingPage from the session; the layout follows it.
      { path: '/subscription', element: <SessionLayout />, children: [{ index: true, lazy: sitePage(() => import('../pages/site/PricingPage')) }] },
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
