import { ComingSoon } from '../../components/ui/coming-soon.tsx';

// Placeholder: the purchase issue replaces it with the tool details and the order form.
export function PurchasePage() {
  return <ComingSoon title="Purchase" />;
}
