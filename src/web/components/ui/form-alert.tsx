/**
 * Errors from the server or the sign-in provider, in red under a form (SPEC §8). Several messages
 * (registration combines account creation and the token exchange) show one per line.
 */
export function FormAlert({ messages, className = '' }: { messages: readonly string[]; className?: string }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className={`rounded-field border border-error/30 bg-error/5 px-4 py-3 text-sm font-medium text-error ${className}`}
    >
      {messages.map((message, index) => (
        // Messages may repeat (both calls failing alike); their order is stable.
        <p key={index}>{message}</p>
      ))}
    </div>
  );
}
