import { ComingSoon } from '../../components/ui/coming-soon.tsx';

// Placeholder: the admin issue replaces it.
export function MakeAdminPage() {
  return <ComingSoon title="Make Admin" />;
}
