// The router's entry for /dashboard/myOrders; the page lives with the orders feature.
export { MyOrdersPage } from '../orders/my-orders-page.tsx';
