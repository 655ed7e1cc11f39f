import { ComingSoon } from '../../components/ui/coming-soon.tsx';

// Placeholder: the profile issue replaces it.
export function MyProfilePage() {
  return <ComingSoon title="My Profile" />;
}
