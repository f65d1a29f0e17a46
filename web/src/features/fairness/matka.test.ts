import { describe, expect, it } from 'vitest';
import { drawMatka, matkaFrom, pannaOf, verifyMatkaDraw, type MatkaFairInput } from './matka';
import { hexToBytes, wordList } from './verify';

// Vectors from the real server's chart (`casino_actors::matka::desk::drawn` under "Quick Matka", client seed "casino"):
// GET /api/matka/markets/1/chart once both results were out.
const ROW1: MatkaFairInput = {
  marketId: 1,
  drawNo: 89774456,
  commitment: 'bb639007229af668f8e231096757e6d300f3dbac5b1001420d25a0f73c7541c2',
  serverSeed: 'f03b747958ad4769f1d5d3fa1b2b5e1ae9e52739de1f8946e0dc630baf92c983',
  clientSeed: 'casino',
  openPanna: '188',
  closePanna: '568',
};
const ROW2: MatkaFairInput = {
  marketId: 1,
  drawNo: 89774455,
  commitment: '0e02de191d5dcbd7b9c30a94c21d0ce94f523aef7e4cedffb4f331fce2cbde31',
  serverSeed: '613737fe8c19172764c3cbe6c0c546607c19cf4d35fe63f479658d4ef8bc4a95',
  clientSeed: 'casino',
  openPanna: '450',
  closePanna: '135',
};

describe('matka draws', () => {
  it('six below(10) digits, each three ordered (0 after 9); the jodi from their digit sums', () => {
    // below(10) of word w is w mod 10 (no word here is rejected).
    const r = matkaFrom(wordList([0, 4, 7, 9, 9, 1]));
    expect(r).toEqual({ digits: [0, 4, 7, 9, 9, 1], open: '470', close: '199', jodi: '19', result: '470-19-199' });
    expect(pannaOf([8, 8, 1])).toBe('188');
  });

  it('vectors from the server: the same pannas from the same seed, client seed and draw', async () => {
    expect((await drawMatka(hexToBytes(ROW1.serverSeed!)!, 'casino', ROW1.drawNo)).result).toBe('188-79-568');
    expect((await drawMatka(hexToBytes(ROW2.serverSeed!)!, 'casino', ROW2.drawNo)).result).toBe('450-99-135');
  });

  it('verifies a chart row: commitment and pannas; a changed panna, seed or draw is a mismatch', async () => {
    const ok = await verifyMatkaDraw(ROW1);
    expect(ok.verdict).toBe('verified');
    expect(ok.steps.map((s) => [s.key, s.ok])).toEqual([
      ['commitment', true],
      ['bytes', true],
      ['outcome', true],
    ]);
    expect((await verifyMatkaDraw({ ...ROW1, closePanna: '567' })).verdict).toBe('mismatch');
    expect((await verifyMatkaDraw({ ...ROW1, drawNo: ROW1.drawNo + 1 })).verdict).toBe('mismatch');
    const otherSeed = await verifyMatkaDraw({ ...ROW1, serverSeed: ROW2.serverSeed });
    expect(otherSeed.verdict).toBe('mismatch');
    expect(otherSeed.steps[0]).toMatchObject({ key: 'commitment', ok: false });
  });

  it('a declared result or a hidden seed has nothing to check yet', async () => {
    expect((await verifyMatkaDraw({ ...ROW1, commitment: null, serverSeed: null, clientSeed: null })).verdict).toBe(
      'pending',
    );
    expect((await verifyMatkaDraw({ ...ROW1, serverSeed: null })).verdict).toBe('pending');
    expect((await verifyMatkaDraw({ ...ROW1, serverSeed: 'abc' })).verdict).toBe('mismatch');
  });
});
