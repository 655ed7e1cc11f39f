import { lazy, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes, Route, Routes } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { RequireAdmin } from '#web/features/accounts/components/require-admin.tsx';
import { RequireAuth } from '#web/features/accounts/components/require-auth.tsx';

type Page = ComponentType & { preload: () => Promise<unknown> };

/**
 * Every page is its own chunk, so heavy code (Swiper on the home page) loads only where it is used.
 * A page loaded before it is drawn (preloadPages) is drawn at once, without suspending: React
 * hydrating the server's HTML would otherwise wait on it, and an update arriving meanwhile (the
 * session read again) makes it throw that HTML away, and with it what the visitor typed.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((module): ComponentType => (loaded = module[name]));
  const Lazy: ComponentType = lazy(() => preload().then((page) => ({ default: page })));
  function LazyPage() {
    // Chosen once per mount: switching from Lazy to the loaded page would mount it again.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(LazyPage, { preload });
}

/** Loads the pages that draw this address (its layout's and its own), before React hydrates it. */
export function preloadPages(pathname: string): Promise<unknown> {
  const routes = (AppRoutes() as ReactElement<{ children: ReactNode }>).props.children;
  const matches = matchRoutes(createRoutesFromChildren(routes), pathname) ?? [];
  return Promise.all(
    matches
      .map((match) => (match.route.element as ReactElement | undefined)?.type as Partial<Page> | undefined)
      .map((page) => page?.preload?.()),
  );
}

const HomePage = lazyPage(() => import('./routes/home.tsx'), 'HomePage');
const ToolsPage = lazyPage(() => import('./routes/tools.tsx'), 'ToolsPage');
const ToolDetailPage = lazyPage(() => import('./routes/tools-detail.tsx'), 'ToolDetailPage');
const BlogsPage = lazyPage(() => import('./routes/blogs.tsx'), 'BlogsPage');
const PortfolioPage = lazyPage(() => import('./routes/portfolio.tsx'), 'PortfolioPage');
const LoginPage = lazyPage(() => import('./routes/login.tsx'), 'LoginPage');
const RegistrationPage = lazyPage(() => import('./routes/registration.tsx'), 'RegistrationPage');
const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage');
const PurchasePage = lazyPage(() => import('./routes/purchase.tsx'), 'PurchasePage');
const DashboardLayout = lazyPage(() => import('./routes/dashboard/layout.tsx'), 'DashboardLayout');
const MyProfilePage = lazyPage(() => import('./routes/dashboard/my-profile.tsx'), 'MyProfilePage');
const MyOrdersPage = lazyPage(() => import('./routes/dashboard/my-orders.tsx'), 'MyOrdersPage');
const AddReviewPage = lazyPage(() => import('./routes/dashboard/add-review.tsx'), 'AddReviewPage');
const PaymentPage = lazyPage(() => import('./routes/dashboard/payment.tsx'), 'PaymentPage');
const ReceiptPage = lazyPage(() => import('./routes/dashboard/receipt.tsx'), 'ReceiptPage');
const ManageOrdersPage = lazyPage(() => import('./routes/dashboard/manage-orders.tsx'), 'ManageOrdersPage');
const AddProductsPage = lazyPage(() => import('./routes/dashboard/add-products.tsx'), 'AddProductsPage');
const MakeAdminPage = lazyPage(() => import('./routes/dashboard/make-admin.tsx'), 'MakeAdminPage');
const ManageProductsPage = lazyPage(
  () => import('./routes/dashboard/manage-products.tsx'),
  'ManageProductsPage',
);
const EditProductPage = lazyPage(() => import('./routes/dashboard/edit-product.tsx'), 'EditProductPage');
const ReviewsPage = lazyPage(() => import('./routes/dashboard/reviews.tsx'), 'ReviewsPage');
const AuditPage = lazyPage(() => import('./routes/dashboard/audit.tsx'), 'AuditPage');
const OverviewPage = lazyPage(() => import('./routes/dashboard/overview.tsx'), 'OverviewPage');
const NotFoundPage = lazyPage(() => import('./routes/not-found.tsx'), 'NotFoundPage');

/** The admin's pages, under /dashboard: each needs an admin (SPEC §6). */
const ADMIN_PAGES: Record<string, ReactNode> = {
  overview: <OverviewPage />,
  manageOrders: <ManageOrdersPage />,
  addProducts: <AddProductsPage />,
  makeAdmin: <MakeAdminPage />,
  manageProducts: <ManageProductsPage />,
  'editProduct/:id': <EditProductPage />,
  reviews: <ReviewsPage />,
  audit: <AuditPage />,
};
const ADMIN_PATHS = Object.keys(ADMIN_PAGES).map((path) => `/dashboard/${path}`);

/**
 * SPEC §2 routes. Declarative routes rather than a data router: the data router's code would add
 * ~18 KB gzip to the initial bundle (DESIGN §6 budget) for loaders this app does not use.
 * Purchase and the dashboard need a sign-in; the admin's pages need an admin.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage />} />
        <Route path="tools" element={<ToolsPage />} />
        <Route path="tools/:id" element={<ToolDetailPage />} />
        <Route path="blogs" element={<BlogsPage />} />
        <Route path="myPortfolio" element={<PortfolioPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="registration" element={<RegistrationPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route element={<RequireAuth adminPaths={ADMIN_PATHS} />}>
          <Route path="purchase/:id" element={<PurchasePage />} />
          <Route path="dashboard" element={<DashboardLayout />}>
            <Route index element={<MyProfilePage />} />
            <Route path="myOrders" element={<MyOrdersPage />} />
            <Route path="addReview" element={<AddReviewPage />} />
            <Route path="payment/:orderId" element={<PaymentPage />} />
            <Route path="receipt/:orderId" element={<ReceiptPage />} />
            <Route element={<RequireAdmin />}>
              {Object.entries(ADMIN_PAGES).map(([path, page]) => (
                <Route key={path} path={path} element={page} />
              ))}
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
