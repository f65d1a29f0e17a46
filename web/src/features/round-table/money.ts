/** Rupees as the round tables show them on chips and tiles: Indian grouping, whole rupees without decimals. */
const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** "₹10,000", "₹12.5" */
export function chipInr(value: number): string {
  return `₹${whole.format(Number.isFinite(value) ? value : 0)}`;
}
