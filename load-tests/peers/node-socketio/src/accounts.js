'use strict';
// Players and sessions, in memory. One operator account; fixture players are created funded, and their session
// token is their only credential (as on the Rust server).

const crypto = require('node:crypto');
const { mask } = require('./money');

class Accounts {
  constructor() {
    this.byId = new Map();
    this.byNo = new Map();
    this.sessions = new Map(); // token → user
    this.nextId = 1;
    this.operator = this.create({ role: 'operator', name: 'Load Operator', phone: '9000000099' });
  }

  create({ role, name, phone }) {
    const id = this.nextId++;
    const user = { id, userNo: 100000 + id, role, name, phone: phone ?? `9${String(id).padStart(9, '0')}`, masked: '' };
    user.masked = mask(user.phone);
    this.byId.set(id, user);
    this.byNo.set(user.userNo, user);
    return user;
  }

  newSession(user) {
    const token = crypto.randomBytes(24).toString('base64url');
    this.sessions.set(token, user);
    return token;
  }

  bySession(token) {
    return typeof token === 'string' ? this.sessions.get(token) : undefined;
  }

  /** A user named in a path: the id or the user number. */
  resolve(text) {
    if (!/^\d{1,15}$/.test(text)) return undefined;
    const n = Number(text);
    return this.byId.get(n) ?? this.byNo.get(n);
  }
}

module.exports = { Accounts };
