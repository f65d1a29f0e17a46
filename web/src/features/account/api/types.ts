/**
 * The account's own settings (GET /api/account/settings and the PUT/POST answers that return them): language,
 * session reminder, the seven responsible-gaming limits and an exclusion in force. Money in rupees, times epoch ms.
 */
import type { Language } from '@/i18n';

export const LIMIT_KINDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'max_stake',
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/*
 * Fields the server may leave out are optional here as the OpenAPI document has them (an `Option` there): absent
 * reads as `null`.
 */
export interface PendingLimit {
  /** The new value (`null`: the limit removed). */
  amount?: number | null;
  effectiveAt: number;
}

export interface Limit {
  kind: LimitKind;
  /** In force now; `null`: no limit. */
  amount?: number | null;
  /** A raise or removal waiting 24 hours. */
  pending?: PendingLimit | null;
  /** Deposits asked for / net losses so far this period (negative: ahead); `null` for max_stake. */
  used?: number | null;
}

export type ExclusionKind = 'break' | 'self_exclusion';

export interface Exclusion {
  kind: ExclusionKind;
  until: number;
}

export interface AccountSettings {
  language: Language;
  reminderMinutes?: number | null;
  limits: Limit[];
  exclusion?: Exclusion | null;
}

export interface SessionSummary {
  /** This session's login. */
  since: number;
  now: number;
  /** Won minus lost in games since login (negative: down). */
  net: number;
  reminderMinutes?: number | null;
}

export interface AccountSession {
  id: string;
  current: boolean;
  createdAt: number;
  expiresAt: number;
  userAgent?: string | null;
}

export type ExclusionRequest = { kind: 'break'; days: number } | { kind: 'self_exclusion'; months: number };
