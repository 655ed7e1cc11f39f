/**
 * The first `count` words of a text followed by '...', as the home page's tool cards show a
 * description (SPEC §2: the first 5 words).
 */
export function firstWords(text: string, count = 5): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return `${words.slice(0, count).join(' ')}...`;
}
