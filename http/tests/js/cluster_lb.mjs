// Socket.IO clients through a load balancer in front of several game-server nodes (scripts/cluster-lb.sh): each
// client connects with a player's token, joins Aviator, and for the whole run sends `ping` events that must be
// acknowledged while `aviator_game_state` events keep arriving. Any disconnect, connect_error, missing or failed
// ack, or silent Aviator room fails the run (exit 1); a summary line per client is printed either way.
//
// Clients take their transport mode in turn from --modes:
//   polling         long-polling only, no cookies: every request of the session must reach its node by its `sid`
//   polling-cookie  long-polling only, with a cookie jar (withCredentials): the balancer's cookie must do it
//   default         the official client's defaults: long-polling, then the websocket upgrade (must end on websocket)
// Long-polling only is what depends on stickiness for the whole session: each emit is a POST of its own.
//
// Usage: node cluster_lb.mjs --url http://127.0.0.1:8080 [--tokens '["tok1","tok2"]'] [--duration-ms 20000]
//          [--modes polling,polling-cookie,default] [--ping-ms 1000]
// Tokens come from --tokens or else from CASINO_LB_TOKENS (a JSON array); one client per token.

import { io } from "socket.io-client";
import { parseArgs } from "node:util";

const { values: opts } = parseArgs({
  options: {
    url: { type: "string" },
    tokens: { type: "string" },
    "duration-ms": { type: "string", default: "20000" },
    modes: { type: "string", default: "polling,polling-cookie,default" },
    "ping-ms": { type: "string", default: "1000" },
  },
});
const usage = "usage: node cluster_lb.mjs --url <balancer> [--tokens <json array>] [--duration-ms N] [--modes a,b] [--ping-ms N]";
const url = opts.url;
const tokens = JSON.parse(opts.tokens ?? process.env.CASINO_LB_TOKENS ?? "[]");
const durationMs = Number(opts["duration-ms"]);
const pingMs = Number(opts["ping-ms"]);
const modes = opts.modes.split(",").map((m) => m.trim());
const MODES = ["polling", "polling-cookie", "default"];
if (!url || !Array.isArray(tokens) || tokens.length === 0 || !(durationMs > 0) || !(pingMs > 0)) {
  console.error(usage);
  process.exit(2);
}
if (modes.some((m) => !MODES.includes(m))) {
  console.error(`unknown mode in ${opts.modes} (known: ${MODES.join(", ")})`);
  process.exit(2);
}
const ACK_MS = 5000;
// Aviator sends its state at every phase change and once a second in flight: a room that stays silent this long
// has lost its client.
const STATE_SILENCE_MS = 15000;

const clients = tokens.map((token, i) => ({
  name: `client ${i + 1} (${modes[i % modes.length]})`,
  mode: modes[i % modes.length],
  token,
  socket: null,
  acks: 0,
  states: 0,
  lastState: 0,
  joined: false,
  transport: "-",
}));

let finished = false;
const summary = () => {
  for (const c of clients) {
    console.log(`${c.name}: joined=${c.joined} acks=${c.acks} aviator_game_state=${c.states} transport=${c.transport}`);
  }
};
const stopAll = () => {
  finished = true;
  for (const c of clients) c.socket?.disconnect();
};
const fail = (client, why) => {
  if (finished) return;
  console.error(`FAILED: ${client ? client.name : "run"}: ${why}`);
  stopAll();
  summary();
  process.exit(1);
};

const ack = async (c, event, payload) => {
  let reply;
  try {
    reply = await c.socket.timeout(ACK_MS).emitWithAck(event, payload);
  } catch (err) {
    fail(c, `no ack for ${event} within ${ACK_MS} ms (${err?.message ?? err})`);
  }
  if (!reply?.success) fail(c, `${event} ack: ${JSON.stringify(reply)}`);
  return reply;
};

const run = (c) =>
  new Promise((resolve) => {
    c.socket = io(url, {
      auth: { token: c.token },
      reconnection: false,
      ...(c.mode === "default" ? {} : { transports: ["polling"] }),
      // In Node.js the client keeps cookies (the balancer's persistence cookie) only with withCredentials.
      withCredentials: c.mode === "polling-cookie",
    });
    const s = c.socket;
    s.on("connect_error", (err) => fail(c, `connect_error: ${err.message}`));
    s.on("disconnect", (reason, details) =>
      fail(c, `disconnected: ${reason}${details ? ` ${JSON.stringify(details.description?.message ?? details)}` : ""}`),
    );
    s.on("aviator_game_state", () => {
      c.states += 1;
      c.lastState = Date.now();
    });
    s.once("connect", async () => {
      c.transport = s.io.engine.transport.name;
      s.io.engine.on("upgrade", (t) => (c.transport = t.name));
      const joined = await ack(c, "aviator:join", {});
      if (joined) c.joined = true;
      c.lastState = Date.now();
      const until = Date.now() + durationMs;
      while (!finished && Date.now() < until) {
        const pong = await ack(c, "ping");
        if (pong && !pong.pong) fail(c, `ping ack without pong: ${JSON.stringify(pong)}`);
        c.acks += 1;
        if (Date.now() - c.lastState > STATE_SILENCE_MS) fail(c, `no aviator_game_state for ${STATE_SILENCE_MS} ms`);
        await new Promise((r) => setTimeout(r, pingMs));
      }
      resolve();
    });
  });

// A hard stop well past the run's length: handshakes or acks that hang are failures, not a hung test.
setTimeout(() => fail(null, "timed out"), durationMs + 30000).unref();

await Promise.all(clients.map(run));
for (const c of clients) {
  if (c.states < 2) fail(c, `only ${c.states} aviator_game_state events in ${durationMs} ms`);
  const want = c.mode === "default" ? "websocket" : "polling";
  if (c.transport !== want) fail(c, `ended on ${c.transport}, expected ${want}`);
}
stopAll();
summary();
console.log(`cluster LB: ${clients.length} clients stayed connected for ${durationMs} ms: ${clients.reduce((n, c) => n + c.acks, 0)} pings acknowledged`);
process.exit(0);
