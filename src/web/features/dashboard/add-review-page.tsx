import { ComingSoon } from '../../components/ui/coming-soon.tsx';

// Placeholder: the reviews issue replaces it with the review form.
export function AddReviewPage() {
  return <ComingSoon title="Add A Review" />;
}
