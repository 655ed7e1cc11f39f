import { ComingSoon } from '../../components/ui/coming-soon.tsx';

// Placeholder: the orders issue replaces it with the orders table.
export function MyOrdersPage() {
  return <ComingSoon title="My Orders" />;
}
