/** The text to show for a failure caught in a handler: ours carry a readable message already. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
