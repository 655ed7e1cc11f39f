/**
 * The spinner shown while a page's code or data loads (SPEC §2 Loading). The server draws it for
 * the pages only the app can show (the dashboard): without JavaScript it would spin for ever, so
 * it says what is missing.
 */
export function FullScreenSpinner() {
  return (
    <div
      role="status"
      aria-label="Loading"
      className="flex min-h-[calc(100svh-4rem)] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <span className="loading loading-spinner size-12 text-rust" aria-hidden="true" />
      <noscript>
        <p className="text-lg text-slate-700">
          This page needs JavaScript: turn it on in your browser, then reload.
        </p>
      </noscript>
    </div>
  );
}
