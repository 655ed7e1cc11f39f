/** A failed API call, carrying the server's error shape (DESIGN §3) or the network failure. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** As the server sends a final error in a page's answers (entry-server.tsx); see `revive`. */
  toJSON() {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      fields: this.fields,
    };
  }

  /** The error again from its JSON, so that `instanceof` and `status` hold after hydration. */
  static revive(value: unknown): unknown {
    const e = value as Partial<ReturnType<ApiRequestError['toJSON']>> | null;
    return e?.name === 'ApiRequestError' && typeof e.status === 'number'
      ? new ApiRequestError(e.status, e.code ?? '', e.message ?? '', e.fields)
      : value;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Leave the access token off. better-auth reads a bearer header before the session cookie, so
   * calls that rely on the cookie (the session itself, the token exchange) must not send a stale one.
   */
  withoutToken?: boolean;
  /** Headers of the call's own (a conditional save's If-Match). */
  headers?: Record<string, string>;
}

const API_BASE = '/api';

// SPEC §4, §6: the access token of PUT /user/{email}, kept in local storage under this name.
export const ACCESS_TOKEN_KEY = 'accessToken';

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage can be unavailable (privacy modes): the visitor is simply signed out.
    return null;
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
}

export function removeAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

// The session being read again, with its token exchanged when this tab has none (get-session.ts).
let sessionRead: Promise<unknown> | undefined;

/**
 * Marks the session as being read: until it settles, calls that carry the access token wait for it,
 * so that a page drawn signed in (the session from its cookie) never asks for its data before this
 * tab has the session's token (back from Google, or a token that did not reach this page's storage).
 */
export function whileReadingSession<T>(read: Promise<T>): Promise<T> {
  sessionRead = read;
  const done = () => {
    if (sessionRead === read) sessionRead = undefined;
  };
  read.then(done, done);
  return read;
}

/** The stored token, once a session read under way has settled. */
async function settledToken(): Promise<string | null> {
  if (sessionRead) await sessionRead.catch(() => undefined);
  return getAccessToken();
}

/** Headers every call carries. */
function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

type RejectedListener = () => void;
let onRejected: RejectedListener | undefined;

/**
 * Registers what happens when the server refuses the access token (SPEC §7, §8: 401 or 403 on a
 * protected call signs the user out and goes to /login). The auth feature registers it, because
 * signing out needs the router and the auth library.
 */
export function setTokenRejectedListener(listener: RejectedListener | undefined): void {
  onRejected = listener;
}

export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;
let send: ApiFetch = (url, init) => fetch(url, init);

/** Where API calls go: the server, rendering a page (entry-server.tsx), answers them itself. */
export function setApiFetch(fetchApi: ApiFetch): void {
  send = fetchApi;
}

/** The only fetch in the web app. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).data;
}

/** As apiRequest, with the answer's ETag: the version of what it answers, for a later If-Match. */
export async function apiRequestTagged<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; etag: string | null }> {
  const { data, response } = await request<T>(path, options);
  return { data, etag: response.headers.get('etag') };
}

/**
 * A file the API answers (a CSV export), with the access token: a plain link would carry none.
 * Errors as apiRequest's.
 */
export async function apiDownload(path: string): Promise<Blob> {
  return (await request<Blob>(path, {}, 'blob')).data;
}

/** `as`: what a successful answer is read as; a refusal is always read for the error shape. */
async function request<T>(
  path: string,
  options: RequestOptions,
  as: 'json' | 'blob' = 'json',
): Promise<{ data: T; response: Response }> {
  const { method = 'GET', body, signal, withoutToken = false } = options;
  const token = withoutToken ? null : await settledToken();
  const headers: Record<string, string> = {
    ...(as === 'json' && { Accept: 'application/json' }),
    ...options.headers,
    ...authHeaders(token),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await send(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiRequestError(0, 'network_error', 'The store could not be reached. Check your connection.');
  }

  if (!response.ok) {
    // Only a call that carried a token can have it refused; public calls fail on their own terms.
    // The token still being the stored one means no sign-in replaced it while the call was out.
    if ((response.status === 401 || response.status === 403) && token && token === getAccessToken()) {
      onRejected?.();
    }
    // Sent before this tab had a token, while the session read that gets it was starting: once
    // more, with the token it brought.
    if (response.status === 401 && !withoutToken && !token && sessionRead && (await settledToken())) {
      return request<T>(path, options, as);
    }
    const error = readErrorShape(await response.json().catch(() => undefined));
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `The request failed (${response.status}).`,
      error?.fields,
    );
  }

  if (as === 'blob') return { data: (await response.blob()) as T, response };
  // Not validated again here: the server sends every answer through its declared schema, the same
  // shared one the type comes from (DESIGN §3), and zod would weigh on every page's first load.
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  return { data: data as T, response };
}

interface ErrorShape {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

// Checked by hand rather than with the shared zod schema so zod stays out of the initial bundle.
function readErrorShape(data: unknown): ErrorShape | undefined {
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  const error = (data as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return {
    code,
    message,
    fields: typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : undefined,
  };
}
