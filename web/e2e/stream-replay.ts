/**
 * A tiny exchange stream for e2e (the Betfair Exchange Stream API's protocol as our client speaks it,
 * actors/src/sports/stream/protocol.rs): plain TCP, one JSON object a line, CRLF-terminated. Each connection is
 * greeted (`connection`), its `authentication` and each `marketSubscription` answered with a SUCCESS `status`, every
 * subscription with a full image (`SUB_IMAGE`) of each market asked for: OPEN, its runners ACTIVE with back and lay
 * ladders. Then a `HEARTBEAT` every second, and the client's own heartbeats answered.
 */
import { createServer, type Socket } from 'node:net';
import { createInterface } from 'node:readline';

export interface StreamReplay {
  /** host:port, for `CASINO_STREAM_ADDR`. */
  addr: string;
  /** Every market id subscribed to, in order. */
  subscribed: string[];
  stop: () => Promise<void>;
}

const HEARTBEAT_MS = 1000;

/** A runner's ladders: a back and a lay a tick apart around `price`. */
const ladders = (price: number) => ({
  atb: [
    [price, 250],
    [+(price - 0.02).toFixed(2), 400],
  ],
  atl: [
    [+(price + 0.02).toFixed(2), 300],
    [+(price + 0.04).toFixed(2), 500],
  ],
});

/** `markets`: each market's runners (feed selection id → price); a market not listed is imaged without runners. */
export function startStreamReplay(markets: Record<string, Record<number, number>>): Promise<StreamReplay> {
  const sockets = new Set<Socket>();
  const subscribed: string[] = [];
  let clk = 0;
  const image = (id: string) => {
    const runners = Object.entries(markets[id] ?? {});
    return {
      id,
      img: true,
      marketDefinition: {
        status: 'OPEN',
        inPlay: false,
        bspMarket: false,
        betDelay: 0,
        version: 1,
        runners: runners.map(([r], i) => ({ id: Number(r), status: 'ACTIVE', sortPriority: i + 1 })),
      },
      rc: runners.map(([r, price]) => ({ id: Number(r), ...ladders(price) })),
    };
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    const send = (msg: object) => socket.writable && socket.write(`${JSON.stringify(msg)}\r\n`);
    const ok = (id: unknown) => send({ op: 'status', id, statusCode: 'SUCCESS' });
    let beats: NodeJS.Timeout | undefined;
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearInterval(beats);
      sockets.delete(socket);
    });
    send({ op: 'connection', connectionId: 'e2e-replay' });
    createInterface({ input: socket, crlfDelay: Infinity }).on('line', (line) => {
      let req: { op: string; id: number; marketFilter?: { marketIds?: string[] } };
      try {
        req = JSON.parse(line) as typeof req;
      } catch {
        return socket.destroy();
      }
      ok(req.id);
      if (req.op !== 'marketSubscription') return;
      const ids = req.marketFilter?.marketIds ?? [];
      subscribed.push(...ids);
      clk += 1;
      send({
        op: 'mcm',
        id: req.id,
        ct: 'SUB_IMAGE',
        initialClk: `i${clk}`,
        clk: `c${clk}`,
        pt: Date.now(),
        heartbeatMs: HEARTBEAT_MS,
        mc: ids.map(image),
      });
      clearInterval(beats);
      beats = setInterval(() => {
        clk += 1;
        send({ op: 'mcm', id: req.id, ct: 'HEARTBEAT', clk: `c${clk}`, pt: Date.now() });
      }, HEARTBEAT_MS);
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      const stop = () =>
        new Promise<void>((done) => {
          for (const s of sockets) s.destroy();
          server.close(() => done());
        });
      resolve({ addr: `127.0.0.1:${port}`, subscribed, stop });
    });
  });
}
