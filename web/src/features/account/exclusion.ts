/** The lengths a break and a self-exclusion can be taken for (the server allows 1–42 days and 6–60 months). */
import type { ExclusionRequest } from './api/types';

export interface Choice {
  id: string;
  request: ExclusionRequest;
  /** For the label: `count` of `unit` ('days' | 'weeks' | 'months' | 'years'). */
  count: number;
  unit: 'days' | 'weeks' | 'months' | 'years';
}

export const BREAK_CHOICES: Choice[] = [
  { id: 'break-1d', request: { kind: 'break', days: 1 }, count: 1, unit: 'days' },
  { id: 'break-3d', request: { kind: 'break', days: 3 }, count: 3, unit: 'days' },
  { id: 'break-1w', request: { kind: 'break', days: 7 }, count: 1, unit: 'weeks' },
  { id: 'break-2w', request: { kind: 'break', days: 14 }, count: 2, unit: 'weeks' },
  { id: 'break-6w', request: { kind: 'break', days: 42 }, count: 6, unit: 'weeks' },
];

export const SELF_EXCLUSION_CHOICES: Choice[] = [
  { id: 'exclude-6m', request: { kind: 'self_exclusion', months: 6 }, count: 6, unit: 'months' },
  { id: 'exclude-1y', request: { kind: 'self_exclusion', months: 12 }, count: 1, unit: 'years' },
  { id: 'exclude-2y', request: { kind: 'self_exclusion', months: 24 }, count: 2, unit: 'years' },
  { id: 'exclude-5y', request: { kind: 'self_exclusion', months: 60 }, count: 5, unit: 'years' },
];
