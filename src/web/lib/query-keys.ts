// Every TanStack Query key of the app, so a mutation in one feature can refresh what another reads
// without importing it. Emails are lowercased: the server treats them so.

export const authKeys = {
  session: ['auth', 'session'] as const,
  admin: (email: string) => ['auth', 'admin', email.toLowerCase()] as const,
};

/** A refused form's fields, as the server drew the page again with them (entry-server.tsx). */
export const formFillKey = ['form-fill'] as const;

export const storeConfigKeys = {
  all: ['store-config'] as const,
};

export const profileKeys = {
  detail: (email: string) => ['profile', email.toLowerCase()] as const,
};

export const usersKeys = {
  all: ['admin', 'users'] as const,
  /** Pages of GET /admin/users, by their search. */
  pages: (q: string) => [...usersKeys.all, 'pages', q] as const,
};

export const toolsKeys = {
  all: ['tools'] as const,
  // Under the list's key, so whatever refreshes the tools (a purchase, a cancel) refreshes this too.
  detail: (id: string) => [...toolsKeys.all, 'detail', id] as const,
  /** A page of GET /catalogue, by its query string (the /tools page's URL). */
  catalogue: (search: string) => [...toolsKeys.all, 'catalogue', search] as const,
  categories: () => [...toolsKeys.all, 'categories'] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string) => [...orderKeys.all, 'mine', email.toLowerCase()] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  receipt: (id: string) => [...orderKeys.all, 'receipt', id] as const,
};

export const allOrdersKeys = {
  all: ['admin', 'orders'] as const,
  /** Pages of GET /admin/orders, by their filter's query string (Manage Orders' URL). */
  pages: (search: string) => [...allOrdersKeys.all, 'pages', search] as const,
  overview: () => [...allOrdersKeys.all, 'overview'] as const,
};

export const paymentKeys = {
  intent: (orderId: string) => ['payment-intent', orderId] as const,
};

export const reviewsKeys = {
  all: ['reviews'] as const,
  // Under the carousel's key, so that a deleted review leaves both.
  admin: () => [...reviewsKeys.all, 'admin'] as const,
  /** A product page's reviews (GET /tool/{id}/reviews). */
  tool: (toolId: string) => [...reviewsKeys.all, 'tool', toolId] as const,
};

export const auditKeys = {
  all: ['admin', 'audit'] as const,
};
