/**
 * Fetch wrapper: same-origin, authenticated by the HttpOnly session cookie only (the page never sees a token),
 * JSON in/out, server `message` surfaced as ApiError.
 */
import i18n, { currentLanguage } from '@/i18n';
import type { ApiResponse, ErrorCode, InitArgs, Operation, PathsFor } from './api-types';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  constructor(status: number, message: string, code?: ErrorCode) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** True when the request never got an HTTP answer (offline, server down). */
export function isNetworkError(err: unknown): boolean {
  return !(err instanceof ApiError);
}

/**
 * What to tell the player about a failed call, in their language. In English, the server's own message (it may carry
 * details: the minimum stake, what is left of a limit); in another language the text for its `error` code
 * (`src/locales/<lang>/errors.json`); else `fallback`.
 */
export function errorMessage(err: unknown, fallback: string): string {
  const code = err instanceof ApiError ? err.code : (err as { code?: unknown } | null)?.code;
  const server = err instanceof ApiError && err.message ? err.message : fallback;
  return codeMessage(typeof code === 'string' ? code : undefined, server);
}

/** The text for an error code (REST `error` or a socket ack's `code`) in the player's language; `message`: the server's. */
export function codeMessage(code: string | undefined, message: string): string {
  if (message && currentLanguage() === 'en') return message;
  return code && i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : message;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answer<T>(res);
}

/**
 * A `multipart/form-data` POST (files with their fields); the answer is read as `request` reads it. The browser
 * writes the Content-Type with its boundary.
 */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    body: form,
  });
  return answer<T>(res);
}

/** A file the session may read (an image), as a Blob; a refusal as `request` throws it. */
export async function getBlob(path: string): Promise<Blob> {
  const res = await fetch(path, { credentials: 'same-origin' });
  if (!res.ok) return answer<never>(res);
  return res.blob();
}

/** The JSON answer, or its refusal thrown as an ApiError. */
async function answer<T>(res: Response): Promise<T> {
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const obj = (data && typeof data === 'object' ? data : {}) as { message?: unknown; error?: unknown };
    const message = typeof obj.message === 'string' ? obj.message : '';
    throw new ApiError(res.status, message, typeof obj.error === 'string' ? (obj.error as ErrorCode) : undefined);
  }
  return data as T;
}

type Loose = { path?: object; query?: object; body?: unknown };

/** `/api/name/{userId}` with its parameters put in (each encoded as one segment), then the query (absent values left out). */
export function buildPath(template: string, init?: Loose): string {
  const params = (init?.path ?? {}) as Record<string, unknown>;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === null) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(v));
  });
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(init?.query ?? {})) if (v !== undefined && v !== null) q.set(k, String(v));
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}

/** The URL of a GET (for a link), checked like `api.get`'s. */
export function apiUrl<P extends PathsFor<'get'>>(path: P, ...[init]: InitArgs<Operation<P, 'get'>>): string {
  return buildPath(path, init as Loose);
}

/**
 * The REST calls, typed by the OpenAPI document: `path` is the document's template (`/api/name/{userId}`), `init`
 * carries its path parameters, query and body, and the answer is the operation's success body.
 */
export const api = {
  get: <P extends PathsFor<'get'>>(path: P, ...[init]: InitArgs<Operation<P, 'get'>>) =>
    request<ApiResponse<'get', P>>('GET', buildPath(path, init as Loose)),
  post: <P extends PathsFor<'post'>>(path: P, ...[init]: InitArgs<Operation<P, 'post'>>) =>
    request<ApiResponse<'post', P>>('POST', buildPath(path, init as Loose), (init as Loose | undefined)?.body ?? {}),
  put: <P extends PathsFor<'put'>>(path: P, ...[init]: InitArgs<Operation<P, 'put'>>) =>
    request<ApiResponse<'put', P>>('PUT', buildPath(path, init as Loose), (init as Loose | undefined)?.body),
  delete: <P extends PathsFor<'delete'>>(path: P, ...[init]: InitArgs<Operation<P, 'delete'>>) =>
    request<ApiResponse<'delete', P>>('DELETE', buildPath(path, init as Loose)),
};
