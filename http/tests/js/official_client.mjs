// Connects to the gateway with the official socket.io-client, the way our React client does
// (transports: ['websocket'], token in the CONNECT auth payload), and checks: refusal of a bad token,
// the initial event, an emit with ack, and a room broadcast. Exits 0 on success, 1 with a reason otherwise.
//
// Usage: node official_client.mjs http://127.0.0.1:<port>

import { io } from "socket.io-client";
import { deepStrictEqual } from "node:assert/strict";

const url = process.argv[2];
if (!url) {
  console.error("usage: node official_client.mjs <server url>");
  process.exit(1);
}

const options = (token) => ({
  transports: ["websocket"],
  auth: { token },
  reconnection: false,
  timeout: 5000,
});

const fail = (why) => {
  console.error(`official client: FAILED: ${why}`);
  process.exit(1);
};
setTimeout(() => fail("timed out"), 15000).unref();

/** A bad token must produce connect_error with the server's message. */
function expectRefused() {
  return new Promise((resolve, reject) => {
    const socket = io(url, options("bad"));
    socket.on("connect", () => reject(new Error("connected with a bad token")));
    socket.on("connect_error", (err) => {
      socket.close();
      if (err.message === "unauthorized") resolve();
      else reject(new Error(`unexpected connect_error: ${err.message}`));
    });
  });
}

/** A good token connects, gets the welcome event, acks and a broadcast. */
function expectWorking() {
  return new Promise((resolve, reject) => {
    const socket = io(url, options("good"));
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
  await expectRefused();
  await expectWorking();
  console.log("official client: ok");
  process.exit(0);
} catch (err) {
  fail(err?.stack ?? String(err));
}
