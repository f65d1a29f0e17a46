/** How a Mines board is dealt, and how to check one by hand. */
export function MinesInfoCard() {
  return (
    <section className="card" aria-label="How the board is dealt">
      <p className="fair-algo" data-testid="fair-algorithm">
        {`Each game has its own server seed, committed by its SHA-256 before you bet and revealed when the game ends.
The tiles 0–24 (left to right, top to bottom) are shuffled by Fisher–Yates — for i from 24 down to 1, swap tile i with tile below(i + 1) — using the words of HMAC-SHA256(key = the 32 seed bytes, "clientSeed:nonce:block"), block = 0, 1, …, read as big-endian 32-bit words; below(n) takes the next word w < 2^32 − (2^32 mod n) and answers w mod n.
The mines are the first m tiles of the shuffled order. A cash-out after k safe tiles pays stake × (1 − house edge) × C(25, k) / C(25 − m, k).`}
      </p>
    </section>
  );
}
