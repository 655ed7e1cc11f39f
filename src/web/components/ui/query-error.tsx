interface QueryErrorProps {
  message: string;
  onRetry: () => void;
}

export function QueryError({ message, onRetry }: QueryErrorProps) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-box bg-base-100 p-8 text-center"
    >
      <p className="font-semibold text-slate-900">{message}</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
