'use strict';
// Money is integer paise inside; rupees (≤ 2 decimals) on the wire. Multipliers likewise travel as numbers
// like 1.37 and live as hundredths (137).

/**
 * A JSON number or numeric string with at most 2 significant decimals, in hundredths; null otherwise.
 * Numbers are read through their shortest decimal text (String(123.45) === "123.45"), never multiplied as floats.
 */
function parseHundredths(value) {
  let text;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const m = /^(\d{1,13})(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const frac = (m[2] || '').replace(/0+$/, '');
  if (frac.length > 2) return null;
  return Number(m[1]) * 100 + Number(frac.padEnd(2, '0'));
}

/** Paise (or hundredths) as a JSON number: 12345 → 123.45, 200 → 2. Exact: p / 100 is the nearest double. */
function rupees(paise) {
  return paise / 100;
}

/** A display name for the public feed, showing no digit: "Ravi Kumar" → "Ra****ar", "9876543210" → "********". */
function mask(name) {
  const chars = [...String(name)].filter((c) => !/\s/.test(c)).map((c) => (/\p{N}/u.test(c) ? '*' : c));
  if (chars.length <= 4) return `${chars[0] ?? '*'}****`;
  return `${chars.slice(0, 2).join('')}****${chars.slice(-2).join('')}`;
}

/** An integer that may arrive as a JSON number or a numeric string; null otherwise. */
function int(value) {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value.trim());
  return null;
}

module.exports = { parseHundredths, rupees, mask, int };
