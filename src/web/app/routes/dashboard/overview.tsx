import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { NewsletterExport } from '#web/features/newsletter/components/newsletter-export.tsx';
import { StoreOverview } from '#web/features/orders/components/store-overview.tsx';

/** /dashboard/overview (admins, DESIGN §5.11): how the business is doing. */
export function OverviewPage() {
  return (
    <DashboardPage
      title="Overview"
      intro="Money taken over the last 30 days, what waits to ship or to be paid, and what runs low."
    >
      <StoreOverview />
      <NewsletterExport />
    </DashboardPage>
  );
}
