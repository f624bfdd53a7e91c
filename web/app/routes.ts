import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every screen. Public pages render on the server with their data (see each route's `loader`);
 * the screens behind sign-in render their loading state there and fill in in the browser.
 */
export default [
  layout('layouts/root-layout.tsx', [
    // The spec's /home is this page too: the server sends it to / (server/http/page-address.ts).
    index('routes/home.tsx'),
    route('tools', 'routes/tools.tsx'),
    route('tools/:id', 'routes/tool.tsx'),
    route('categories/:slug', 'routes/category.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('compare', 'routes/compare.tsx'),
    route('quick-order', 'routes/quick-order.tsx'),
    route('login', 'routes/login.tsx'),
    route('registration', 'routes/registration.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('confirm-email', 'routes/confirm-email.tsx'),
    route('email-verified', 'routes/email-verified.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('myportfolio', 'routes/portfolio.tsx'),
    route('join-company', 'routes/join-company.tsx'),
    layout('guards/require-auth.tsx', [
      route('purchase/:id', 'routes/purchase.tsx'),
      route('dashboard', 'layouts/dashboard-layout.tsx', [
        index('routes/dashboard/profile.tsx'),
        route('myorder', 'routes/dashboard/my-orders.tsx'),
        route('addresses', 'routes/dashboard/addresses.tsx'),
        route('lists', 'routes/dashboard/saved-lists.tsx'),
        route('lists/:id', 'routes/dashboard/saved-list.tsx'),
        route('orders/:id', 'routes/dashboard/order.tsx'),
        route('review', 'routes/dashboard/add-review.tsx'),
        route('credit-notes', 'routes/dashboard/credit-notes.tsx'),
        route('quotes', 'routes/dashboard/my-quotes.tsx'),
        route('quotes/:id', 'routes/dashboard/quote.tsx'),
        route('company', 'routes/dashboard/company.tsx'),
        route('company/orders', 'routes/dashboard/company-orders.tsx'),
        route('invoices', 'routes/dashboard/invoices.tsx'),
        route('payment/:id', 'routes/dashboard/payment.tsx'),
        layout('guards/require-admin.tsx', [
          route('overview', 'routes/dashboard/overview.tsx'),
          route('addproduct', 'routes/dashboard/add-product.tsx'),
          route('makeadmin', 'routes/dashboard/make-admin.tsx'),
          route('manageallorders', 'routes/dashboard/manage-orders.tsx'),
          route('manageproducts', 'routes/dashboard/manage-products.tsx'),
          route('reviews', 'routes/dashboard/manage-reviews.tsx'),
          route('categories', 'routes/dashboard/manage-categories.tsx'),
          route('delivery-methods', 'routes/dashboard/delivery-methods.tsx'),
          route('payment-terms', 'routes/dashboard/payment-terms.tsx'),
          route('tax', 'routes/dashboard/tax.tsx'),
          route('catalogue', 'routes/dashboard/catalogue-file.tsx'),
          route('audit', 'routes/dashboard/audit-log.tsx'),
          route('quote-requests', 'routes/dashboard/quote-requests.tsx'),
          route('quote-requests/:id', 'routes/dashboard/quote-request.tsx'),
        ]),
      ]),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
