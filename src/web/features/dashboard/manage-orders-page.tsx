import { ComingSoon } from '../../components/ui/coming-soon.tsx';

// Placeholder: the admin issue replaces it.
export function ManageOrdersPage() {
  return <ComingSoon title="Manage Orders" />;
}
