/** The spinner shown while a page's code or data loads (SPEC §2 Loading). */
export function FullScreenSpinner() {
  return (
    <div
      role="status"
      aria-label="Loading"
      className="flex min-h-[calc(100svh-4rem)] items-center justify-center"
    >
      <span className="loading loading-spinner size-12 text-rust" aria-hidden="true" />
    </div>
  );
}
