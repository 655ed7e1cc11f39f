import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import { AddReviewForm } from '#web/features/reviews/components/add-review-form.tsx';
import { useTools } from '#web/features/tools/api/get-tools.ts';

/** /dashboard/addReview (SPEC §2): a customer's review, shown on the home page's carousel. */
export function AddReviewPage() {
  const auth = useCurrentUser();
  const tools = useTools();
  return (
    <DashboardPage
      title="Add A Review"
      intro="Tell other tradespeople how our tools work for you. Your review appears on the home page under your name."
    >
      <AddReviewForm author={auth.user} products={tools.data ?? []} />
    </DashboardPage>
  );
}
