import { useRef } from 'react';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { AdminReviewsTable } from '#web/features/reviews/components/admin-reviews-table.tsx';

/** /dashboard/reviews (admins): the reviews the home page shows, with a delete per review. */
export function ReviewsPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <DashboardPage
      title="Reviews"
      intro="What customers posted, newest first. A deleted review leaves the home page at once."
      headingRef={heading}
    >
      <AdminReviewsTable onDeleted={() => heading.current?.focus()} />
    </DashboardPage>
  );
}
