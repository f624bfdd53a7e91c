import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { HomePage } from './routes/home.tsx';
import { NotFoundPage } from './routes/not-found.tsx';

/** A screen from its own chunk, fetched on the first visit (a spinner shows meanwhile). */
function page<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const ToolsPage = page(() => import('./routes/tools.tsx'), 'ToolsPage');
const LoginPage = page(() => import('./routes/login.tsx'), 'LoginPage');
const RegistrationPage = page(() => import('./routes/registration.tsx'), 'RegistrationPage');
const ForgotPasswordPage = page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage');
const EmailVerifiedPage = page(() => import('./routes/email-verified.tsx'), 'EmailVerifiedPage');
const BlogPage = page(() => import('./routes/blog.tsx'), 'BlogPage');
const PortfolioPage = page(() => import('./routes/portfolio.tsx'), 'PortfolioPage');
const PurchasePage = page(() => import('./routes/purchase.tsx'), 'PurchasePage');
const DashboardLayout = page(() => import('./layouts/dashboard-layout.tsx'), 'DashboardLayout');
const ProfilePage = page(() => import('./routes/dashboard/profile.tsx'), 'ProfilePage');
const MyOrdersPage = page(() => import('./routes/dashboard/my-orders.tsx'), 'MyOrdersPage');
const AddReviewPage = page(() => import('./routes/dashboard/add-review.tsx'), 'AddReviewPage');
const PaymentPage = page(() => import('./routes/dashboard/payment.tsx'), 'PaymentPage');
const AddProductPage = page(() => import('./routes/dashboard/add-product.tsx'), 'AddProductPage');
const MakeAdminPage = page(() => import('./routes/dashboard/make-admin.tsx'), 'MakeAdminPage');
const ManageOrdersPage = page(
  () => import('./routes/dashboard/manage-orders.tsx'),
  'ManageOrdersPage',
);
const ManageProductsPage = page(
  () => import('./routes/dashboard/manage-products.tsx'),
  'ManageProductsPage',
);

/**
 * Every screen. The home page ships in the first bundle; every other screen is its own chunk,
 * loaded when first visited. Declarative routes (not a data router) on purpose: the data router
 * alone weighs about 17 KB gzipped more, and no screen here loads data through the router.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage />} />
        <Route path="tools" element={<ToolsPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="registration" element={<RegistrationPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="email-verified" element={<EmailVerifiedPage />} />
        <Route path="blog" element={<BlogPage />} />
        <Route path="myportfolio" element={<PortfolioPage />} />
        <Route element={<RequireAuth />}>
          <Route path="purchase/:id" element={<PurchasePage />} />
          <Route path="dashboard" element={<DashboardLayout />}>
            <Route index element={<ProfilePage />} />
            <Route path="myorder" element={<MyOrdersPage />} />
            <Route path="review" element={<AddReviewPage />} />
            <Route path="payment/:id" element={<PaymentPage />} />
            <Route element={<RequireAdmin />}>
              <Route path="addproduct" element={<AddProductPage />} />
              <Route path="makeadmin" element={<MakeAdminPage />} />
              <Route path="manageallorders" element={<ManageOrdersPage />} />
              <Route path="manageproducts" element={<ManageProductsPage />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
