// The route table of both spec documents (document 1 §2, document 2 §2). Every page is its own
// chunk, so public pages never pull studio code. Paths keep the spec's spelling; the ones with
// capitals match case-sensitively.
import { Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { OPEN_FILE_PATH } from '../../contract/share-paths';
import { lazyPage, type LazyPage } from './lazyPage';
import { PageSpinner } from './PageSpinner';
import { RequireAuth } from './RequireAuth';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { PublicLayout } from './layouts/PublicLayout';
import { SessionLayout } from './layouts/SessionLayout';

const SignedInLayout = lazyPage(() => import('./layouts/SignedInLayout'));

// Public site
const HomePage = lazyPage(() => import('../pages/site/HomePage'));
const TestimonialsPage = lazyPage(() => import('../pages/site/TestimonialsPage'));
const AboutPage = lazyPage(() => import('../pages/site/AboutPage'));
const TermsPage = lazyPage(() => import('../pages/site/TermsPage'));
const AffiliatePage = lazyPage(() => import('../pages/site/AffiliatePage'));
const FaqsPage = lazyPage(() => import('../pages/site/FaqsPage'));
const CareersPage = lazyPage(() => import('../pages/site/CareersPage'));
const BlogsPage = lazyPage(() => import('../pages/site/BlogsPage'));
const BlogDetailsPage = lazyPage(() => import('../pages/site/BlogDetailsPage'));
const ContactPage = lazyPage(() => import('../pages/site/ContactPage'));
const PricingPage = lazyPage(() => import('../pages/site/PricingPage'));
const PrivacyPage = lazyPage(() => import('../pages/site/PrivacyPage'));
const AiTransparencyPage = lazyPage(() => import('../pages/site/AiTransparencyPage'));
const ComingSoonPage = lazyPage(() => import('../pages/site/ComingSoonPage'));
const NotFoundPage = lazyPage(() => import('../pages/site/NotFoundPage'));
const FooterPage = lazyPage(() => import('../pages/site/FooterPage'));
const SidebarPage = lazyPage(() => import('../pages/site/SidebarPage'));
const LoginPage = lazyPage(() => import('../pages/auth/LoginPage'));

// Signed in: account
const AddressPage = lazyPage(() => import('../pages/account/AddressPage'));
const PaymentSuccessPage = lazyPage(() => import('../pages/account/PaymentSuccessPage'));
const ProfilePage = lazyPage(() => import('../pages/account/ProfilePage'));
const FeedbackPage = lazyPage(() => import('../pages/account/FeedbackPage'));

// Signed in: studio
const FacePage = lazyPage(() => import('../pages/studio/FacePage'));
const ImagePage = lazyPage(() => import('../pages/studio/ImagePage'));
const VideoPage = lazyPage(() => import('../pages/studio/VideoPage'));
const ClothSwapPage = lazyPage(() => import('../pages/studio/ClothSwapPage'));
const ImageToVideoPage = lazyPage(() => import('../pages/studio/ImageToVideoPage'));
const AIMusicPage = lazyPage(() => import('../pages/studio/AIMusicPage'));
const TalkingPage = lazyPage(() => import('../pages/studio/TalkingPage'));
const GalleryPage = lazyPage(() => import('../pages/studio/GalleryPage'));
const QueuePage = lazyPage(() => import('../pages/studio/QueuePage'));
// Signed in: characters (issue 44)
const CharactersPage = lazyPage(() => import('../pages/characters/CharactersPage'));
const CharacterProfilePage = lazyPage(() => import('../pages/characters/CharacterProfilePage'));
// Files opened with the installed app (manifest file_handlers): signed in or not.
const OpenFilePage = lazyPage(() => import('../pages/share/OpenFilePage'));

const suspended = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;

const loginRoutes: RouteObject[] = ['/login', '/signup', '/forgot', '/otpverification'].map((path) => ({
  path,
  element: <LoginPage />,
}));

export const routes: RouteObject[] = [
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
      { path: '/ai-transparency', element: <AiTransparencyPage /> },
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
  { path: OPEN_FILE_PATH, element: suspended(<OpenFilePage />) },
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
          { path: '/talk', element: <TalkingPage /> },
          { path: '/gallery', element: <GalleryPage /> },
          { path: '/queue', element: <QueuePage /> },
          { path: '/characters', element: <CharactersPage /> },
          { path: '/characters/:id', element: <CharacterProfilePage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/clothSwap', caseSensitive: true, element: <ClothSwapPage /> },
          { path: '/feedback', element: <FeedbackPage /> },
          { path: '/Imagetovideo', caseSensitive: true, element: <ImageToVideoPage /> },
        ],
      },
    ],
  },
];

/** The page for the current location (inside a BrowserRouter, or a StaticRouter when prerendering). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{page}</RouteErrorBoundary>;
}

function lazyPagesIn(node: ReactNode): LazyPage[] {
  if (!node || typeof node !== 'object' || !('type' in node)) return [];
  const element = node as ReactElement<{ children?: ReactNode }>;
  const type = element.type as Partial<LazyPage>;
  if (typeof type.preload === 'function') return [type as LazyPage];
  // suspended(<Page />): look inside the Suspense boundary.
  return lazyPagesIn(element.props.children);
}

/**
 * Loads the chunks of every lazy page and layout on the route matching `pathname`, so the first
 * render (or hydration) shows them at once. Answers the deepest page's component.
 */
export async function preloadRoute(pathname: string): Promise<ComponentType | undefined> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => lazyPagesIn(route.element));
  const loaded = await Promise.all(pages.map((page) => page.preload()));
  return loaded.at(-1);
}
