// The router's entry for /dashboard/payment/{orderId}; the page lives with the payment feature.
export { PaymentPage } from '../payment/payment-page.tsx';
