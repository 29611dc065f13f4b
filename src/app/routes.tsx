import { Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { RouteErrorPage } from '../pages/RouteErrorPage.tsx';

/** What a prerendered page's route carries: its module as the build manifest names it, so the prerender can
 * preload the page's chunks with the HTML (scripts/build/prerender-plugin.ts checks the name exists). */
export interface PageHandle {
  module: string;
}
const pageModule = (module: string): PageHandle => ({ module });

/** Restores scroll per history entry, scrolls new pages to the top and `/#features`-style links to their section. */
function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * Every route is its own lazy chunk, so the landing page never downloads dashboard or marketing-page code.
 * `lazy` resolves to `{ Component }` as react-router expects. Plain data: the browser (main.tsx) and the
 * prerender (entry-server.tsx) build their routers from this same table.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    // Shown for the instant the first lazy route chunk loads (react-router warns without one).
    HydrateFallback: () => null,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/',
        handle: pageModule('src/pages/HomePage.tsx'),
        lazy: () => import('../pages/HomePage.tsx').then((m) => ({ Component: m.HomePage })),
      },
      {
        path: '/features',
        handle: pageModule('src/pages/FeaturesPage.tsx'),
        lazy: () => import('../pages/FeaturesPage.tsx').then((m) => ({ Component: m.FeaturesPage })),
      },
      {
        path: '/how-it-works',
        handle: pageModule('src/pages/HowItWorksPage.tsx'),
        lazy: () => import('../pages/HowItWorksPage.tsx').then((m) => ({ Component: m.HowItWorksPage })),
      },
      {
        path: '/pricing',
        handle: pageModule('src/pages/PricingPage.tsx'),
        lazy: () => import('../pages/PricingPage.tsx').then((m) => ({ Component: m.PricingPage })),
      },
      {
        path: '/testimonials',
        handle: pageModule('src/pages/TestimonialsPage.tsx'),
        lazy: () => import('../pages/TestimonialsPage.tsx').then((m) => ({ Component: m.TestimonialsPage })),
      },
      {
        path: '/analytics',
        handle: pageModule('src/pages/AnalyticsPage.tsx'),
        lazy: () => import('../pages/AnalyticsPage.tsx').then((m) => ({ Component: m.AnalyticsPage })),
      },
      {
        path: '/solutions/:slug',
        handle: pageModule('src/pages/SolutionPage.tsx'),
        lazy: () => import('../pages/SolutionPage.tsx').then((m) => ({ Component: m.SolutionPage })),
      },
      {
        path: '/create',
        handle: pageModule('src/pages/CreatePage.tsx'),
        lazy: () => import('../pages/CreatePage.tsx').then((m) => ({ Component: m.CreatePage })),
      },
      {
        path: '/create/bulk',
        handle: pageModule('src/pages/BulkCreatePage.tsx'),
        lazy: () => import('../pages/BulkCreatePage.tsx').then((m) => ({ Component: m.BulkCreatePage })),
      },
      {
        path: '/auth',
        handle: pageModule('src/pages/AuthPage.tsx'),
        lazy: () => import('../pages/AuthPage.tsx').then((m) => ({ Component: m.AuthPage })),
      },
      {
        // The sign-in guard wraps the whole dashboard (spec §2 "/dashboard/*"): one parent route, one layout.
        lazy: () => import('../features/auth/RequireAuth.tsx').then((m) => ({ Component: m.RequireAuth })),
        children: [
          {
            path: '/dashboard',
            lazy: () =>
              import('../features/dashboard/DashboardLayout.tsx').then((m) => ({ Component: m.DashboardLayout })),
            children: [
              {
                index: true,
                lazy: () => import('../pages/DashboardPage.tsx').then((m) => ({ Component: m.DashboardPage })),
              },
              {
                path: 'qr-codes',
                lazy: () =>
                  import('../pages/DashboardQrCodesPage.tsx').then((m) => ({ Component: m.DashboardQrCodesPage })),
              },
              {
                path: 'analytics',
                lazy: () =>
                  import('../pages/DashboardAnalyticsPage.tsx').then((m) => ({ Component: m.DashboardAnalyticsPage })),
              },
              {
                path: 'settings',
                lazy: () =>
                  import('../pages/DashboardSettingsPage.tsx').then((m) => ({ Component: m.DashboardSettingsPage })),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        handle: pageModule('src/pages/NotFoundPage.tsx'),
        lazy: () => import('../pages/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
