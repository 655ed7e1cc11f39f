import { ComingSoon } from '../../components/ui/coming-soon.tsx';

// Placeholder: the admin issue replaces it with the product form.
export function AddProductsPage() {
  return <ComingSoon title="Add Products" />;
}
