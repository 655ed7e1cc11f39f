// The session as the web app and the server's page renderer read it. No zod: it stays out
// of the web app's entry chunk.

/** The signed-in account as the navbar, the guards and the pages need it (SPEC §3 auth user). */
export interface SessionUser {
  name: string;
  email: string;
  image: string | null;
  /** Whether the address is confirmed (the mailed link); undefined in an account stored before. */
  emailVerified?: boolean;
}

/** What better-auth's GET /api/auth/get-session answers for a live session (null without one). */
export interface SessionAnswer {
  session: { token: string };
  user: { name: string; email: string; image?: string | null; emailVerified?: boolean };
}

/** The account of a live session, as the web app keeps it. */
export function sessionUser({ user }: SessionAnswer): SessionUser {
  return {
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    emailVerified: user.emailVerified === true,
  };
}
