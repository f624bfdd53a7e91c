import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { AppLoading } from './layouts/app-loading.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { HomePage } from './routes/home.tsx';
import { NotFoundPage } from './routes/not-found.tsx';

/** A route's screen from its own chunk, fetched on the first visit. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/**
 * Every screen. The home page ships in the first bundle; every other screen is its own chunk,
 * loaded only when visited (the router shows a spinner meanwhile).
 */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomePage },
          { path: 'home', Component: HomePage },
          {
            path: 'tools',
            lazy: page(() => import('./routes/tools.tsx'), 'ToolsPage'),
          },
          {
            path: 'login',
            lazy: page(() => import('./routes/login.tsx'), 'LoginPage'),
          },
          {
            path: 'registration',
            lazy: page(() => import('./routes/registration.tsx'), 'RegistrationPage'),
          },
          {
            path: 'blog',
            lazy: page(() => import('./routes/blog.tsx'), 'BlogPage'),
          },
          {
            path: 'myportfolio',
            lazy: page(() => import('./routes/portfolio.tsx'), 'PortfolioPage'),
          },
          {
            path: 'email-verified',
            lazy: page(() => import('./routes/email-verified.tsx'), 'EmailVerifiedPage'),
          },
          {
            Component: RequireAuth,
            children: [
              {
                path: 'purchase/:id',
                lazy: page(() => import('./routes/purchase.tsx'), 'PurchasePage'),
              },
              {
                path: 'dashboard',
                lazy: page(() => import('./layouts/dashboard-layout.tsx'), 'DashboardLayout'),
                children: dashboardRoutes(),
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);

function dashboardRoutes() {
  return [
    {
      index: true,
      lazy: page(() => import('./routes/dashboard/profile.tsx'), 'ProfilePage'),
    },
    {
      path: 'myorder',
      lazy: page(() => import('./routes/dashboard/my-orders.tsx'), 'MyOrdersPage'),
    },
    {
      path: 'review',
      lazy: page(() => import('./routes/dashboard/add-review.tsx'), 'AddReviewPage'),
    },
    {
      path: 'payment/:id',
      lazy: page(() => import('./routes/dashboard/payment.tsx'), 'PaymentPage'),
    },
    {
      Component: RequireAdmin,
      children: [
        {
          path: 'addproduct',
          lazy: page(() => import('./routes/dashboard/add-product.tsx'), 'AddProductPage'),
        },
        {
          path: 'makeadmin',
          lazy: page(() => import('./routes/dashboard/make-admin.tsx'), 'MakeAdminPage'),
        },
        {
          path: 'manageallorders',
          lazy: page(() => import('./routes/dashboard/manage-orders.tsx'), 'ManageOrdersPage'),
        },
        {
          path: 'manageproducts',
          lazy: page(() => import('./routes/dashboard/manage-products.tsx'), 'ManageProductsPage'),
        },
      ],
    },
  ];
}
