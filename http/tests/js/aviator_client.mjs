// Plays one Aviator bet on the real game server with the official socket.io-client: connects with the player's
// token, joins the table, bets in the next countdown with enough time left (again in the next round if betting
// closed first or the round's liability cap is taken), and waits for the bet's result (the crash, or the liability cap's cash-out), printed as a last
// line `RESULT {…}`. `transports` is the client's defaults
// (long-polling, then the upgrade) or `polling` only; the transport in use at the end is checked.
// Exits 0 on success, 1 with a reason otherwise.
//
// Usage: node aviator_client.mjs <server url> <token> <default|polling>

import { io } from "socket.io-client";

const [url, token, mode] = process.argv.slice(2);
let stage = "connecting";
const fail = (why) => {
  console.error(`aviator client (${mode}): FAILED while ${stage}: ${why}`);
  process.exit(1);
};
if (!url || !token || !["default", "polling"].includes(mode)) fail("usage: node aviator_client.mjs <url> <token> <default|polling>");
setTimeout(() => fail("timed out"), 120000).unref();

const socket = io(url, {
  ...(mode === "polling" ? { transports: ["polling"] } : {}),
  auth: { token },
  reconnection: false,
});
socket.on("connect_error", (err) => fail(`connect_error: ${err.message}`));

const nextCountdown = () =>
  new Promise((resolve) => {
    const on = (s) => {
      if (s?.phase === "countdown" && (s.countdownMs ?? 0) >= 1500) {
        socket.off("aviator_game_state", on);
        resolve(s);
      }
    };
    socket.on("aviator_game_state", on);
  });

socket.on("connect", async () => {
  try {
    stage = "joining";
    const joined = await socket.timeout(5000).emitWithAck("aviator:join", {});
    if (!joined?.success) fail(`join: ${JSON.stringify(joined)}`);
    let placed;
    for (let attempt = 0; attempt < 5 && !placed?.success; attempt += 1) {
      stage = `waiting for a countdown (attempt ${attempt + 1})`;
      const state = await nextCountdown();
      stage = `betting in round ${state.roundId}`;
      // The test server's liability cap ends a flight carrying ₹500 by 1.2×: no waiting for a long flight.
      placed = await socket.timeout(5000).emitWithAck("place_bet", { amount: 500, roundId: state.roundId, slot: 0 });
      // Betting closed before the bet arrived, or the round's liability cap is taken (the other client's bet):
      // the next round.
      const retry = ["betting_closed", "table_full"].includes(placed?.error);
      if (!placed?.success && !retry) fail(`place_bet: ${JSON.stringify(placed)}`);
    }
    if (!placed?.success) fail(`no bet taken in five rounds: ${JSON.stringify(placed)}`);
    // The round ends with this bet's result.
    stage = `waiting for the result of round ${placed.roundId}`;
    const result = await new Promise((resolve) => socket.once("bet_result", resolve));
    const transport = socket.io.engine.transport.name;
    const want = mode === "polling" ? "polling" : "websocket";
    if (transport !== want) fail(`on ${transport}, expected ${want}`);
    console.log(`aviator client (${mode}): bet placed and settled over ${transport}`);
    // The test reads what the bet paid from this line.
    console.log(`RESULT ${JSON.stringify(result)}`);
    socket.disconnect();
    process.exit(0);
  } catch (err) {
    fail(err?.stack ?? String(err));
  }
});
