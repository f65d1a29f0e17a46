/** Money formatting: rupees with exactly two decimals. */
const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Round to paise without float drift (e.g. 1.005 → 1.01). */
export function roundRupees(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** "1,234.50" — Indian digit grouping, two decimals. Non-finite values show as 0.00. */
export function formatAmount(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? roundRupees(value) : 0;
  return inr.format(n);
}

/** "₹1,234.50" */
export function formatInr(value: number | null | undefined): string {
  return `₹${formatAmount(value)}`;
}

/** Two decimals with Indian grouping, for amounts and multipliers inside texts ("150.00", "1,00,000.00"). */
export function fixed2(value: number): string {
  return formatAmount(value);
}
