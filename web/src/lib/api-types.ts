/**
 * The REST API's types, from the OpenAPI document (docs/openapi.json → api-schema.d.ts, made by scripts/gen-api.sh;
 * never edited by hand). A renamed field, path or parameter on the server then breaks `tsc`, not a player's screen.
 */
import type { components, paths } from './api-schema';

export type Schemas = components['schemas'];
/** A named schema of the document, e.g. `Schema<'DepositJson'>`. */
export type Schema<N extends keyof Schemas> = Schemas[N];

/**
 * Every `error` code an error body or a socket refusal can carry (the server's `ErrorCode`): compare codes as this type,
 * so a renamed or removed code breaks `tsc`.
 */
export type ErrorCode = Schema<'ErrorCode'>;

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** The document's operation for `method` on `path` (`never` when the path has none). */
export type Operation<P extends keyof paths, M extends HttpMethod> = Extract<paths[P][M], { responses: unknown }>;

/** The paths that answer `method`, as the document spells them (`/api/name/{userId}`). */
export type PathsFor<M extends HttpMethod> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessStatus = 200 | 201 | 202;

/** The JSON body of the operation's success answer(s). */
export type ResponseOf<O> = O extends { responses: infer R } ? Json<R[Extract<keyof R, SuccessStatus>]> : never;
/** The JSON request body (`never`: the operation takes none). */
export type BodyOf<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type PathParamsOf<O> = O extends { parameters: { path: infer X } } ? X : never;
type QueryOf<O> = O extends { parameters: { query?: infer X } } ? Exclude<X, undefined> : never;

/** What a call names besides the path: its path parameters, its query and its body, each only when the operation has one. */
export type CallInit<O> = ([PathParamsOf<O>] extends [never] ? { path?: never } : { path: PathParamsOf<O> }) &
  ([QueryOf<O>] extends [never] ? { query?: never } : { query?: QueryOf<O> }) &
  ([BodyOf<O>] extends [never]
    ? { body?: never }
    : O extends { requestBody: unknown }
      ? { body: BodyOf<O> }
      : { body?: BodyOf<O> });

/** The init argument is required exactly when something in it is. */
export type InitArgs<O> = object extends CallInit<O> ? [init?: CallInit<O>] : [init: CallInit<O>];

/** The success answer of `method` on `path`, e.g. `ApiResponse<'get', '/api/mines'>`. */
export type ApiResponse<M extends HttpMethod, P extends PathsFor<M>> = ResponseOf<Operation<P, M>>;
/** The request body of `method` on `path`, e.g. `ApiBody<'post', '/api/bids'>`. */
export type ApiBody<M extends HttpMethod, P extends PathsFor<M>> = BodyOf<Operation<P, M>>;

/**
 * A request body with every field given: where the document leaves a field optional or nullable (the server answers
 * a missing one with its own error, or does without it), a form that always sends them all says so with this.
 */
export type Complete<T> = { [K in keyof T]-?: NonNullable<T[K]> };
