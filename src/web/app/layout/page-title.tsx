import { matchPath, useLocation } from 'react-router';

/**
 * Every page's own title (DESIGN §5.10). The catalogue, the product page and Page Not Found draw
 * their own, from what they show.
 */
const TITLES: [string, string][] = [
  ['/', 'Torque | Power tools for professionals'],
  ['/home', 'Torque | Power tools for professionals'],
  ['/blogs', 'Blogs | Torque'],
  ['/myPortfolio', 'My Portfolio | Torque'],
  ['/login', 'Login | Torque'],
  ['/registration', 'Registration | Torque'],
  ['/forgot-password', 'Forgot password | Torque'],
  ['/reset-password', 'Reset password | Torque'],
  ['/purchase/:id', 'Purchase | Torque'],
  ['/dashboard', 'My Profile | Dashboard | Torque'],
  ['/dashboard/myOrders', 'My Orders | Dashboard | Torque'],
  ['/dashboard/addReview', 'Add A Review | Dashboard | Torque'],
  ['/dashboard/payment/:orderId', 'Payment | Dashboard | Torque'],
  ['/dashboard/receipt/:orderId', 'Receipt | Dashboard | Torque'],
  ['/dashboard/overview', 'Overview | Dashboard | Torque'],
  ['/dashboard/manageOrders', 'Manage All Orders | Dashboard | Torque'],
  ['/dashboard/addProducts', 'Add A Product | Dashboard | Torque'],
  ['/dashboard/makeAdmin', 'Make Admin | Dashboard | Torque'],
  ['/dashboard/manageProducts', 'Manage Products | Dashboard | Torque'],
  ['/dashboard/editProduct/:id', 'Edit Product | Dashboard | Torque'],
  ['/dashboard/reviews', 'Reviews | Dashboard | Torque'],
  ['/dashboard/audit', 'Audit log | Dashboard | Torque'],
];

export function PageTitle() {
  const { pathname } = useLocation();
  const title = TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  return title ? <title>{title}</title> : null;
}
