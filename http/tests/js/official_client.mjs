// Connects to the gateway with the official socket.io-client (token in the CONNECT auth payload) and checks:
// refusal of a bad token, the initial event, an emit with ack, and a room broadcast. Runs it over each transport
// setting: the client's defaults (long-polling first, then the upgrade to a websocket), websocket only, and
// long-polling only; with the defaults it also checks the upgrade happened. Exits 0 on success, 1 with a reason.
//
// Usage: node official_client.mjs http://127.0.0.1:<port>

import { io } from "socket.io-client";
import { deepStrictEqual } from "node:assert/strict";

const url = process.argv[2];
if (!url) {
  console.error("usage: node official_client.mjs <server url>");
  process.exit(1);
}

/** `transports` undefined: the client's defaults. */
const options = (token, transports) => ({
  ...(transports ? { transports } : {}),
  auth: { token },
  reconnection: false,
  timeout: 5000,
});

const fail = (why) => {
  console.error(`official client: FAILED: ${why}`);
  process.exit(1);
};
setTimeout(() => fail("timed out"), 45000).unref();

/** A bad token must produce connect_error with the server's message. */
function expectRefused(transports) {
  return new Promise((resolve, reject) => {
    const socket = io(url, options("bad", transports));
    socket.on("connect", () => reject(new Error("connected with a bad token")));
    socket.on("connect_error", (err) => {
      socket.close();
      if (err.message === "unauthorized") resolve();
      else reject(new Error(`unexpected connect_error: ${err.message}`));
    });
  });
}

/** A good token connects, gets the welcome event, acks and a broadcast. */
function expectWorking(transports) {
  return new Promise((resolve, reject) => {
    const socket = io(url, options("good", transports));
    const upgraded = new Promise((ok) => socket.io.engine?.once("upgrade", ok) ?? socket.io.once("open", () => socket.io.engine.once("upgrade", ok)));
    const welcome = new Promise((ok) => socket.once("welcome", ok));
    socket.on("connect_error", (err) => reject(new Error(`connect_error: ${err.message}`)));
    socket.on("connect", async () => {
      try {
        deepStrictEqual(await welcome, { userId: 1, username: "user1" });

        const echoed = await socket.timeout(3000).emitWithAck("echo", { nested: [1, "ü", null] }, 42);
        deepStrictEqual(echoed, { nested: [1, "ü", null] }, "echo ack (first argument)");

        deepStrictEqual(await socket.timeout(3000).emitWithAck("join", "aviator"), "joined");

        const broadcast = new Promise((ok) => socket.once("aviator_game_state", ok));
        const acked = await socket.timeout(3000).emitWithAck("broadcast", "aviator", "aviator_game_state", {
          phase: "flying",
        });
        deepStrictEqual(acked, true);
        deepStrictEqual(await broadcast, { phase: "flying" });
        if (transports === undefined) {
          await Promise.race([upgraded, new Promise((_, no) => setTimeout(() => no(new Error("no upgrade")), 5000))]);
          deepStrictEqual(socket.io.engine.transport.name, "websocket", "upgraded to a websocket");
          // After the switch, an ack still comes back (over the websocket now).
          deepStrictEqual(await socket.timeout(3000).emitWithAck("echo", "after"), "after");
        }
        if (transports?.[0] === "polling") deepStrictEqual(socket.io.engine.transport.name, "polling");

        socket.disconnect();
        resolve();
      } catch (err) {
        socket.disconnect();
        reject(err);
      }
    });
  });
}

try {
  for (const transports of [undefined, ["websocket"], ["polling"]]) {
    await expectRefused(transports);
    await expectWorking(transports);
    console.log(`official client: ok (${transports ? transports.join(", ") : "default transports"})`);
  }
  process.exit(0);
} catch (err) {
  fail(err?.stack ?? String(err));
}
