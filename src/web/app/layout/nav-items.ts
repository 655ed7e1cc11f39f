import type { To } from 'react-router';

export interface NavItem {
  label: string;
  to: To;
  /** Section links scroll the home page; they never show as the active page. */
  section?: boolean;
  /** Who sees the item (SPEC §2 Navbar). */
  audience: 'everyone' | 'signedIn';
}

/** The navbar's page links, in SPEC order; the account links (Login/Registration or Logout) follow them. */
export const navItems: readonly NavItem[] = [
  { label: 'My Portfolio', to: '/myPortfolio', audience: 'everyone' },
  { label: 'Blogs', to: '/blogs', audience: 'everyone' },
  { label: 'Tools', to: '/tools', audience: 'everyone' },
  {
    label: 'Business Summary',
    to: { pathname: '/', hash: '#business-summary' },
    section: true,
    audience: 'everyone',
  },
  { label: 'Reviews', to: { pathname: '/', hash: '#reviews' }, section: true, audience: 'everyone' },
  { label: 'Dashboard', to: '/dashboard', audience: 'signedIn' },
];

export function visibleNavItems(signedIn: boolean): NavItem[] {
  return navItems.filter((item) => item.audience === 'everyone' || signedIn);
}
