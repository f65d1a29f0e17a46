'use strict';
// Aviator peer: Node.js + socket.io 4.8, the "Node socket.io" column of the benchmark against the Rust server.
// Same REST calls, socket events and payloads as the Rust server (docs/API.md) for what the load swarm uses;
// wallet and history in memory (integer paise), no database. Configuration by environment (see README.md).

const http = require('node:http');
const { Server } = require('socket.io');
const { Accounts } = require('./src/accounts');
const { Wallet } = require('./src/wallet');
const { Table } = require('./src/game');
const { parseHundredths, rupees, int } = require('./src/money');

// ---- configuration ----

function envInt(name, fallback) {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = int(v);
  if (n === null || n < 0) throw new Error(`${name} must be a non-negative integer, got ${v}`);
  return n;
}

function envPaise(name, fallbackRupees) {
  const v = process.env[name];
  const p = parseHundredths(v === undefined || v === '' ? String(fallbackRupees) : v);
  if (p === null || p <= 0) throw new Error(`${name} must be a positive rupee amount (≤ 2 decimals), got ${v}`);
  return p;
}

/** CRASH_POINTS=1.5,2.37,1.0: round r crashes at points[(r − 1) mod n], as the Rust server's list. */
function crashPoints(text) {
  if (!text) return null;
  return text.split(',').map((p) => {
    const h = parseHundredths(p);
    if (h === null || h < 100) throw new Error(`CRASH_POINTS: ${p.trim()} is not a multiplier ≥ 1.00`);
    return h;
  });
}

/** Without a list: the usual crash distribution, max(1.00, ⌊100·(1−edge)·2⁵²/(2⁵²−X)⌋/100) with X uniform on 52 bits. */
function randomCrashPoint(edgeBp) {
  const crypto = require('node:crypto');
  const x = crypto.randomInt(2 ** 26) * 2 ** 26 + crypto.randomInt(2 ** 26);
  return Math.max(100, Math.floor((100 * (1 - edgeBp / 10_000) * 2 ** 52) / (2 ** 52 - x)));
}

const config = {
  host: process.env.HOST || '127.0.0.1',
  port: envInt('PORT', 8080),
  countdownMs: envInt('COUNTDOWN_MS', 4000),
  pauseMs: envInt('PAUSE_MS', 1000),
  maxPayout: envPaise('MAX_PAYOUT', 50_000_000),
  minBet: envPaise('MIN_BET', 10),
  maxBet: envPaise('MAX_BET', '50910.45'),
  houseEdgeBp: envInt('HOUSE_EDGE_BP', 300),
  crashPoints: crashPoints(process.env.CRASH_POINTS),
  operatorPassword: process.env.OPERATOR_PASSWORD || null,
};
if (config.minBet > config.maxBet) throw new Error('MIN_BET must not be above MAX_BET');
if (config.maxBet * 101 > config.maxPayout * 100) throw new Error('MAX_PAYOUT must cover one MAX_BET cashed out at 1.01x');

const crashPointFor = config.crashPoints
  ? (round) => config.crashPoints[(round - 1) % config.crashPoints.length]
  : () => randomCrashPoint(config.houseEdgeBp);

// ---- state ----

const accounts = new Accounts();
let io = null;
const toUser = (user, event, payload) => io.to(`user:${user}`).emit(event, payload);
const wallet = new Wallet((user, delta, reason, a) =>
  toUser(user, 'balance_update', {
    userId: user, type: delta < 0 ? 'deduct' : 'add', amount: rupees(Math.abs(delta)), reason,
    balance: rupees(a.balance), exposureBalance: rupees(a.exposure),
  }),
);
wallet.open(accounts.operator.id, 0);
const table = new Table({
  config, crashPointFor, wallet, toUser, toRoom: (event, payload) => io.to('aviator').emit(event, payload),
});

// ---- REST ----

const MAX_BODY = 1 << 20;

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const refuse = (res, status, error, message) => send(res, status, { success: false, error, message });

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(size ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
      } catch (e) {
        reject(e);
      }
    });
    req.on('error', reject);
  });
}

function caller(req) {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization || '');
  return m ? accounts.bySession(m[1]) : undefined;
}

function userView(u) {
  const a = wallet.get(u.id);
  return {
    id: u.id, _id: String(u.id), userNo: u.userNo, username: u.phone, name: u.name, email: null, phone: u.phone,
    role: u.role, walletBalance: rupees(a.balance), exposureBalance: rupees(a.exposure),
  };
}

/** The user a path names, when the caller may see it (itself, or anyone for the operator). */
function pathUser(req, res, text) {
  const who = caller(req);
  if (!who) return refuse(res, 401, 'unauthorized', 'Please log in');
  const user = accounts.resolve(text);
  if (!user) return refuse(res, 404, 'not_found', 'User not found');
  if (user.id !== who.id && who.role !== 'operator') return refuse(res, 403, 'forbidden', 'This is not your account');
  return user;
}

async function login(req, res) {
  const body = await readJson(req);
  const userNo = String(body.userNo ?? '').trim();
  const password = String(body.password ?? '');
  const player = accounts.resolve(userNo);
  // The operator's login: any credentials (or OPERATOR_PASSWORD when set); fixture players have no password.
  if (!userNo || !password || (player && player.role !== 'operator') ||
      (config.operatorPassword !== null && password !== config.operatorPassword)) {
    return refuse(res, 401, 'bad_credentials', 'Invalid credentials');
  }
  const op = accounts.operator;
  const token = accounts.newSession(op);
  const view = userView(op);
  send(res, 200, {
    user: view, wallet: { balance: view.walletBalance, exposureBalance: view.exposureBalance }, history: [], token,
  });
}

async function fixturePlayers(req, res) {
  const who = caller(req);
  if (!who) return refuse(res, 401, 'unauthorized', 'Please log in');
  if (who.role !== 'operator') return refuse(res, 403, 'forbidden', 'Operators only');
  const body = await readJson(req);
  const count = int(body.count);
  if (count === null || count < 1 || count > 1000) return refuse(res, 400, 'invalid_count', 'count must be between 1 and 1000');
  const balance = parseHundredths(body.balance);
  if (balance === null || balance <= 0) return refuse(res, 400, 'invalid_amount', 'balance must be a positive amount');
  const players = [];
  for (let i = 0; i < count; i += 1) {
    const u = accounts.create({ role: 'player', name: 'Load Player' });
    wallet.open(u.id, balance);
    players.push({ id: u.id, userNo: u.userNo, token: accounts.newSession(u) });
  }
  send(res, 201, { players });
}

async function route(req, res) {
  const url = new URL(req.url, 'http://peer');
  const path = url.pathname;
  let m;
  if (req.method === 'GET' && path === '/api/health') return send(res, 200, { ok: true });
  if (req.method === 'POST' && path === '/api/login') return login(req, res);
  if (req.method === 'POST' && path === '/api/admin/fixtures/players') return fixturePlayers(req, res);
  if (req.method === 'GET' && (m = /^\/api\/getwalletandexposure\/([^/]+)$/.exec(path))) {
    const user = pathUser(req, res, decodeURIComponent(m[1]));
    if (!user) return undefined;
    const a = wallet.get(user.id);
    return send(res, 200, { balance: rupees(a.balance), exposureBalance: rupees(a.exposure) });
  }
  if (req.method === 'GET' && (m = /^\/api\/history\/([^/]+)$/.exec(path))) {
    const user = pathUser(req, res, decodeURIComponent(m[1]));
    if (!user) return undefined;
    const limit = Math.min(Math.max(int(url.searchParams.get('limit')) ?? 200, 1), 5000);
    return send(res, 200, table.historyOf(user.id, limit));
  }
  return refuse(res, 404, 'not_found', 'Not found');
}

const server = http.createServer({ noDelay: true }, (req, res) => {
  route(req, res).catch((e) => {
    if (res.headersSent) return;
    if (e instanceof SyntaxError) refuse(res, 400, 'invalid_json', 'The body is not valid JSON');
    else {
      console.error(e);
      refuse(res, 500, 'internal', 'Internal error');
    }
  });
});

// ---- Socket.IO ----

io = new Server(server, {
  transports: ['websocket'], // the swarm and our web client speak websocket only
  serveClient: false,
  // pingInterval 25 s, pingTimeout 20 s, maxHttpBufferSize 1 MB: socket.io's defaults, the same as the Rust server.
});

// socket.io's performance tuning: do not keep the upgrade request of every connection alive.
io.engine.on('connection', (rawSocket) => {
  rawSocket.request = null;
});

io.use((socket, next) => {
  const user = accounts.bySession(socket.handshake.auth && socket.handshake.auth.token);
  if (!user) return next(new Error('unauthorized')); // → 44{"message":"unauthorized"}
  socket.data.user = user;
  return next();
});

const fail = (error, message) => ({ success: false, error, message });
const KNOWN = new Set(['place_bet', 'cancel_bet', 'cash_out', 'authenticate', 'ping']);

/** Where the client names a user id, it must be its own. */
function namesSomeoneElse(user, p) {
  if (p.userId === undefined || p.userId === null) return false;
  return int(p.userId) !== user.id;
}

function handle(socket, name, fn) {
  socket.on(name, (payload, ack) => {
    if (typeof payload === 'function') [payload, ack] = [undefined, payload];
    const p = payload && typeof payload === 'object' ? payload : {};
    const user = socket.data.user;
    let body;
    try {
      if (namesSomeoneElse(user, p)) body = fail('forbidden', 'This is not your account');
      else {
        const slot = int(p.slot) ?? 0; // as the Rust server: a missing or non-integer slot is slot 0
        body = slot < 0 || slot > 1 ? fail('bad_slot', 'Invalid bet slot') : fn(user, p, slot);
      }
    } catch (e) {
      console.error(e);
      body = fail('unavailable', 'The game is unavailable, please try again');
    }
    if (body.success && name === 'place_bet') socket.emit('bet_placed', body);
    if (body.success && name === 'cancel_bet') socket.emit('bet_cancelled', body);
    if (typeof ack === 'function') ack(body);
  });
}

io.on('connection', (socket) => {
  const user = socket.data.user;
  socket.join(['aviator', `user:${user.id}`]);
  socket.emit('aviator_game_state', table.snapshot());

  handle(socket, 'place_bet', (u, p, slot) => {
    const round = int(p.roundId);
    if (round === null) return fail('wrong_round', 'This round is not open for bets');
    const stake = parseHundredths(p.amount);
    if (stake === null || stake <= 0) return fail('invalid_amount', 'Please enter a valid bet amount');
    const auto = p.autoCashout === undefined || p.autoCashout === null ? null : parseHundredths(p.autoCashout);
    if (auto === null && p.autoCashout !== undefined && p.autoCashout !== null) {
      return fail('bad_auto_cashout', 'Auto cashout must be at least 1.01x');
    }
    return table.placeBet(u, round, slot, stake, auto);
  });
  handle(socket, 'cancel_bet', (u, p, slot) => {
    const round = int(p.roundId);
    if (round === null) return fail('wrong_round', 'No bet to cancel');
    return table.cancelBet(u, round, slot);
  });
  handle(socket, 'cash_out', (u, p, slot) => {
    const round = int(p.roundId);
    if (round === null) return fail('no_bet', 'No bet to cash out');
    return table.cashOut(u, round, slot);
  });
  handle(socket, 'authenticate', (u) => ({ success: true, userId: u.id }));
  handle(socket, 'ping', () => ({ success: true, pong: true }));
  // The client's event name is never repeated back.
  socket.onAny((name, ...args) => {
    const ack = args[args.length - 1];
    if (!KNOWN.has(name) && typeof ack === 'function') ack(fail('unknown_event', 'Unknown event'));
  });
});

server.listen(config.port, config.host, () => {
  const a = server.address();
  table.start();
  const points = config.crashPoints ? config.crashPoints.map(rupees).join(',') : 'random';
  console.log(
    `aviator peer (node ${process.version}, socket.io) on http://${a.address}:${a.port} pid ${process.pid}; ` +
      `countdown ${config.countdownMs} ms, pause ${config.pauseMs} ms, cap ₹${rupees(config.maxPayout)}, crash points ${points}`,
  );
});

function shutdown() {
  table.stop();
  io.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
