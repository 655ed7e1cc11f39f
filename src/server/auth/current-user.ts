/** The caller of a protected call, as requireUser found it. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** From the database (a token never carries the role), through the instance's SessionCache. */
  admin: boolean;
}
