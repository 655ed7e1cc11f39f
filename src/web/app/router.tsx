import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from '#web/components/layout/root-layout.tsx';
import { RequireAdmin } from '#web/features/auth/require-admin.tsx';
import { RequireAuth } from '#web/features/auth/require-auth.tsx';

// Every page is its own chunk, so heavy code (Swiper on the home page) loads only where it is used.
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => {
    const page: ComponentType = (await load())[name];
    return { default: page };
  });
}

const HomePage = lazyPage(() => import('#web/features/home/home-page.tsx'), 'HomePage');
const BlogsPage = lazyPage(() => import('#web/features/blogs/blogs-page.tsx'), 'BlogsPage');
const PortfolioPage = lazyPage(() => import('#web/features/portfolio/portfolio-page.tsx'), 'PortfolioPage');
const LoginPage = lazyPage(() => import('#web/features/auth/login-page.tsx'), 'LoginPage');
const RegistrationPage = lazyPage(
  () => import('#web/features/auth/registration-page.tsx'),
  'RegistrationPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('#web/features/auth/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('#web/features/auth/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const PurchasePage = lazyPage(() => import('#web/features/purchase/purchase-page.tsx'), 'PurchasePage');
const DashboardLayout = lazyPage(
  () => import('#web/features/dashboard/dashboard-layout.tsx'),
  'DashboardLayout',
);
const MyProfilePage = lazyPage(() => import('#web/features/profile/my-profile-page.tsx'), 'MyProfilePage');
const MyOrdersPage = lazyPage(() => import('#web/features/orders/my-orders-page.tsx'), 'MyOrdersPage');
const AddReviewPage = lazyPage(() => import('#web/features/dashboard/add-review-page.tsx'), 'AddReviewPage');
const PaymentPage = lazyPage(() => import('#web/features/payment/payment-page.tsx'), 'PaymentPage');
const ManageOrdersPage = lazyPage(
  () => import('#web/features/dashboard/manage-orders-page.tsx'),
  'ManageOrdersPage',
);
const AddProductsPage = lazyPage(
  () => import('#web/features/dashboard/add-products-page.tsx'),
  'AddProductsPage',
);
const MakeAdminPage = lazyPage(() => import('#web/features/dashboard/make-admin-page.tsx'), 'MakeAdminPage');
const ManageProductsPage = lazyPage(
  () => import('#web/features/dashboard/manage-products-page.tsx'),
  'ManageProductsPage',
);
const AuditPage = lazyPage(() => import('#web/features/admin/audit-page.tsx'), 'AuditPage');
const NotFoundPage = lazyPage(() => import('#web/features/errors/not-found-page.tsx'), 'NotFoundPage');

/**
 * SPEC §2 routes. Declarative routes rather than a data router: the data router's code would add
 * ~18 KB gzip to the initial bundle (DESIGN §6 budget) for loaders this app does not use.
 * Purchase and the dashboard need a sign-in; the four admin pages need an admin (SPEC §6).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage />} />
        <Route path="blogs" element={<BlogsPage />} />
        <Route path="myPortfolio" element={<PortfolioPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="registration" element={<RegistrationPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route element={<RequireAuth />}>
          <Route path="purchase/:id" element={<PurchasePage />} />
          <Route path="dashboard" element={<DashboardLayout />}>
            <Route index element={<MyProfilePage />} />
            <Route path="myOrders" element={<MyOrdersPage />} />
            <Route path="addReview" element={<AddReviewPage />} />
            <Route path="payment/:orderId" element={<PaymentPage />} />
            <Route element={<RequireAdmin />}>
              <Route path="manageOrders" element={<ManageOrdersPage />} />
              <Route path="addProducts" element={<AddProductsPage />} />
              <Route path="makeAdmin" element={<MakeAdminPage />} />
              <Route path="manageProducts" element={<ManageProductsPage />} />
              <Route path="audit" element={<AuditPage />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
