import { useState } from 'react';
import { errorMessage } from '#web/lib/error-message.ts';
import { saveFile } from '#web/lib/save-file.ts';
import { toast } from '#web/lib/toast.ts';
import { downloadNewsletterCsv } from '#web/features/newsletter/api/download-newsletter-csv.ts';

/** The newsletter's sign-ups for the admin, as a CSV file. */
export function NewsletterExport() {
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadNewsletterCsv(), 'newsletter.csv');
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="newsletter-export" className="rounded-box border border-base-300 p-4 sm:p-6">
      <h2 id="newsletter-export" className="text-lg font-bold text-slate-900">
        Newsletter
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Everyone who signed up in the home page's box, oldest first.
      </p>
      <button
        type="button"
        className="btn btn-outline mt-3"
        disabled={downloading}
        aria-busy={downloading || undefined}
        onClick={() => void download()}
      >
        {downloading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Download sign-ups (CSV)
      </button>
    </section>
  );
}
