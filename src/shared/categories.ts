// No zod here: the footer shows these on every page, and zod would weigh on the first load.

/**
 * The catalogue's categories, in the order the store shows them: a slug (the URL's and the
 * database's word) and its name. `group` is the footer's column. A new one needs no migration.
 */
export const CATEGORIES = [
  { slug: 'cordless-drills', name: 'Cordless drills', group: 'tools' },
  { slug: 'angle-grinders', name: 'Angle grinders', group: 'tools' },
  { slug: 'saws', name: 'Saws', group: 'tools' },
  { slug: 'rotary-hammers', name: 'Rotary hammers', group: 'tools' },
  { slug: 'nailers', name: 'Nailers', group: 'tools' },
  { slug: 'sanders', name: 'Sanders', group: 'tools' },
  { slug: 'bench-grinders', name: 'Bench grinders', group: 'tools' },
  { slug: 'heat-guns', name: 'Heat guns', group: 'tools' },
  { slug: 'pipe-press-tools', name: 'Pipe press tools', group: 'press-tools' },
  { slug: 'hydraulic-crimpers', name: 'Hydraulic crimpers', group: 'press-tools' },
  { slug: 'rivet-tools', name: 'Rivet tools', group: 'press-tools' },
  { slug: 'press-jaws-rings', name: 'Press jaws & rings', group: 'press-tools' },
  { slug: 'other', name: 'Other tools', group: 'tools' },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

/** Whether `slug` names one of the store's categories (a tool's category is always one). */
export const isCategory = (slug: string): boolean => CATEGORIES.some((c) => c.slug === slug);

export const categoryName = (slug: string): string => CATEGORIES.find((c) => c.slug === slug)?.name ?? slug;
