import { useReviews } from '#web/features/reviews/api/get-reviews.ts';
import { ReviewsSection } from '#web/features/reviews/components/reviews-section.tsx';
import { useTools } from '#web/features/tools/api/get-tools.ts';
import { ToolsSection } from '#web/features/tools/components/tools-section.tsx';
import { BannerCarousel } from '#web/features/content/components/banner-carousel.tsx';
import { BusinessSummary } from '#web/features/content/components/business-summary.tsx';
import { FeaturePromos } from '#web/features/content/components/feature-promos.tsx';
import { QuoteContact } from '#web/features/content/components/quote-contact.tsx';
import { SignupBox } from '#web/features/newsletter/components/signup-box.tsx';
import { EmailConfirmationNotice } from '#web/features/accounts/components/email-confirmation-notice.tsx';
import { useScrollToHash } from '#web/lib/use-scroll-to-hash.ts';

/** The landing page at / and /home (SPEC §2 Home page). */
export function HomePage() {
  const toolsPending = useTools().isPending;
  const reviewsPending = useReviews().isPending;
  useScrollToHash(!toolsPending && !reviewsPending);

  return (
    <>
      <h1 className="sr-only">Torque: professional power tools, direct from the manufacturer</h1>
      <EmailConfirmationNotice />
      <BannerCarousel />
      <ToolsSection />
      <FeaturePromos />
      <BusinessSummary />
      <ReviewsSection />
      <QuoteContact />
      <SignupBox />
    </>
  );
}
