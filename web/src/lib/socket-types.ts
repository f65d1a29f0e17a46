/**
 * The Socket.IO events' types, from the AsyncAPI document (docs/asyncapi.json → socket-schema.ts, made by
 * scripts/gen-api.sh; never edited by hand). A renamed event, or a renamed or retyped payload field, on the server
 * then breaks `tsc`, not a player's screen.
 */
import type { Socket, SocketReservedEvents } from 'socket.io-client';
import type { ClientToServerEvents, components, ServerToClientEvents } from './socket-schema';

export type { ClientToServerEvents, NoPayload, ServerToClientEvents } from './socket-schema';

/** The app's socket: it hears the server's events and sends the client's, as the document types them. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type SocketSchemas = components['schemas'];
/** A named payload schema of the document, e.g. `SocketSchema<'AviatorGameState'>`. */
export type SocketSchema<N extends keyof SocketSchemas> = SocketSchemas[N];

/** An event the server emits (`aviator_game_state`, `matka:status`, …). */
export type PushName = keyof ServerToClientEvents;
/** The payload of the server's event `E`. */
export type PushOf<E extends PushName> = Parameters<ServerToClientEvents[E]>[0];

/** An event the client sends (`place_bet`, `matka:join`, …). */
export type RequestName = keyof ClientToServerEvents;
/** What the client sends with `E`. */
export type RequestOf<E extends RequestName> = Parameters<ClientToServerEvents[E]>[0];
/** The server's answer to `E` (its ack), refusals included. */
export type AckOf<E extends RequestName> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/** Socket.IO's own events (connect, disconnect, connect_error). */
export type ReservedName = keyof SocketReservedEvents;
/** Every event a listener may be added for. */
export type ListenName = PushName | ReservedName;

/** A refusal: `{success: false, error, message}`, `error` a stable code. */
export type ErrorBody = SocketSchema<'ErrorBody'>;
