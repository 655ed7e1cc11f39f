import { ComingSoon } from '../../components/ui/coming-soon.tsx';

// Placeholder: the admin issue replaces it.
export function ManageProductsPage() {
  return <ComingSoon title="Manage Products" />;
}
