import { AddReviewForm } from '#web/features/reviews/components/add-review-form.tsx';

/** /dashboard/addReview (SPEC §2): a customer's review, shown on the home page's carousel. */
export function AddReviewPage() {
  return (
    <div className="space-y-6 p-4 sm:p-8">
      <header>
        <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Add A Review</h1>
        <p className="mt-1 text-slate-600">
          Tell other tradespeople how our tools work for you. Your review appears on the home page under your
          name.
        </p>
      </header>
      <AddReviewForm />
    </div>
  );
}
