/**
 * The numbers of each bid type (pure), as the server parses them (`rules::Pick::parse`): a digit `7`, a jodi `80`,
 * a panna of its kind `128`, a half sangam `8-479` (open digit, close panna) or `134-0` (open panna, close digit), a
 * full sangam `134-479`. Sangams are too many to list: they are typed in.
 */
import i18n from '@/i18n';
import { isPanna, normalizePanna, pannaGroups, pannaKind, type PannaGroup, type PannaKind } from './pannas';
import type { BidType } from './wire';

export const DIGITS: readonly string[] = Array.from({ length: 10 }, (_, i) => String(i));
export const JODIS: readonly string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

const PANNA_KIND: Partial<Record<BidType, PannaKind>> = {
  single_panna: 'single',
  double_panna: 'double',
  triple_panna: 'triple',
};

/** A bid type's numbers to list: the digits; jodis by tens (`00–09`); pannas by digit (1…9, 0); null for sangams (typed in). */
export function numberGroups(type: BidType): { title: string | null; numbers: string[] }[] | null {
  if (type === 'single_digit') return [{ title: null, numbers: [...DIGITS] }];
  if (type === 'jodi')
    return DIGITS.map((d) => ({ title: `${d}0–${d}9`, numbers: JODIS.filter((j) => j.startsWith(d)) }));
  const kind = PANNA_KIND[type];
  if (!kind) return null;
  return pannaGroups(kind).map((g: PannaGroup) => ({ title: String(g.digit), numbers: g.pannas }));
}

const isDigit = (t: string) => /^\d$/.test(t);

/** Whether the server takes `number` for `type` (written as the game writes it). */
export function isValidNumber(type: BidType, number: string): boolean {
  const n = number.trim();
  switch (type) {
    case 'single_digit':
      return isDigit(n);
    case 'jodi':
      return /^\d\d$/.test(n);
    case 'single_panna':
    case 'double_panna':
    case 'triple_panna':
      return isPanna(n) && pannaKind(n) === PANNA_KIND[type];
    case 'half_sangam': {
      const [a = '', b = '', ...rest] = n.split('-');
      return rest.length === 0 && ((isDigit(a) && isPanna(b)) || (isPanna(a) && isDigit(b)));
    }
    case 'full_sangam': {
      const [a = '', b = '', ...rest] = n.split('-');
      return rest.length === 0 && isPanna(a) && isPanna(b);
    }
  }
}

/** Which half of a half sangam is the panna: `open` (`134-0`) or `close` (`8-479`). */
export type HalfForm = 'open_digit' | 'open_panna';

export type SangamEntry = { ok: true; number: string } | { ok: false; message: string };

/**
 * A sangam from what was typed: a digit and a panna (half), or two pannas (full). Three digits in any order make
 * their panna (`974` is written `479`).
 */
export function sangamNumber(
  type: 'half_sangam' | 'full_sangam',
  form: HalfForm,
  open: string,
  close: string,
): SangamEntry {
  const o = open.trim();
  const c = close.trim();
  // The messages in the player's language: `matka:sangam.{open,close}{Panna,Digit}Invalid`.
  const panna = (t: string, which: 'open' | 'close'): SangamEntry => {
    const p = normalizePanna(t);
    return p ? { ok: true, number: p } : { ok: false, message: i18n.t(`matka:sangam.${which}PannaInvalid`) };
  };
  const digit = (t: string, which: 'open' | 'close'): SangamEntry =>
    isDigit(t) ? { ok: true, number: t } : { ok: false, message: i18n.t(`matka:sangam.${which}DigitInvalid`) };
  const [first, second] =
    type === 'full_sangam'
      ? [panna(o, 'open'), panna(c, 'close')]
      : form === 'open_digit'
        ? [digit(o, 'open'), panna(c, 'close')]
        : [panna(o, 'open'), digit(c, 'close')];
  if (!first.ok) return first;
  if (!second.ok) return second;
  return { ok: true, number: `${first.number}-${second.number}` };
}
