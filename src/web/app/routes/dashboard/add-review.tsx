import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import { useMyOrders } from '#web/features/orders/api/get-my-orders.ts';
import { AddReviewForm } from '#web/features/reviews/components/add-review-form.tsx';
import { useTools } from '#web/features/tools/api/get-tools.ts';

/** /dashboard/addReview (SPEC §2): a customer's review, shown on the home page's carousel. */
export function AddReviewPage() {
  const auth = useCurrentUser();
  const tools = useTools();
  const orders = useMyOrders(auth.user?.email ?? '');
  // The catalogue's products, the ones this customer has bought first.
  const bought = new Set((orders.data ?? []).filter((order) => order.paid).map((order) => order.toolsId));
  const products = [...(tools.data ?? [])].sort(
    (a, b) => Number(bought.has(b._id)) - Number(bought.has(a._id)),
  );
  return (
    <DashboardPage
      title="Add A Review"
      intro="Tell other tradespeople how our tools work for you. Your review appears on the home page under your name."
    >
      <AddReviewForm author={auth.user} products={products} />
    </DashboardPage>
  );
}
