import { ComingSoon } from '../../components/ui/coming-soon.tsx';

// Placeholder: the payment issue replaces it.
export function PaymentPage() {
  return <ComingSoon title="Payment" />;
}
