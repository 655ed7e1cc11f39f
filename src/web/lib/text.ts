/**
 * The first `count` words of a text followed by '...', as the home page's tool cards show a
 * description (SPEC §2: the first 5 words).
 */
export function firstWords(text: string, count = 5): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return `${words.slice(0, count).join(' ')}...`;
}

/** Up to two initials of a name, for an avatar without a photo ('Casey Customer' → 'CC'). */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase());
  if (letters.length === 0) return '?';
  return letters.length === 1 ? letters[0]! : `${letters[0]}${letters.at(-1)}`;
}

/** Ends a sentence with one full stop, none after a text that ends with its own ('… to Acme Ltd.'). */
export function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}
