/** How a drawn Matka result is drawn, and what a declared market is. */
export function MatkaInfoCard() {
  return (
    <section className="card" aria-label="How a result is drawn">
      <p className="fair-algo" data-testid="fair-algorithm">
        {`A drawn market commits each draw's server seed by its SHA-256 before the draw takes bids (the list shows it) and reveals it once the close result is out.
The words of HMAC-SHA256(key = the 32 seed bytes, "clientSeed:drawNo:block"), block = 0, 1, …, are read as big-endian 32-bit words; below(n) takes the next word w < 2^32 − (2^32 mod n) and answers w mod n.
The open panna is three below(10) digits, the close panna the next three, each written in the game's order (ascending, 0 after 9: 0, 4, 7 → 470). A panna's digit is the sum of its digits mod 10; the jodi is the open digit then the close digit.
Declared markets follow a result an operator declares: they have no seed.`}
      </p>
    </section>
  );
}
