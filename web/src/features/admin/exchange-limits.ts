/**
 * The exchange's liability limits form (pure): the market types, their market ids, rupee amounts over exact paise, and
 * the server's checks (`http/src/exchange_risk.rs`: both limits > 0, at most ₹1 crore, the player's at most the
 * market's, a market id that names a market of its type), which the server makes again.
 */
import type { ExchangeLimit, ExchangeLimitBody, ExchangeMarketType } from './api/exchange-risk';
import { formatFixed, parseFixed } from './settings-round';
import { tr } from './text';

/** In the order the server lists the types' defaults. */
export const MARKET_TYPES: readonly ExchangeMarketType[] = ['exchange', 'bookmaker', 'fancy'];

/** The most an amount may be: ₹1 crore (the server's `MAX_RUPEES`), in paise. */
export const MAX_PAISE = 10_000_000 * 100;

/** "Match Odds", "Bookmaker", "Fancy" in the operator's language; a type this console does not know, as it reads. */
export const typeLabel = (t: string): string => tr(`adminExchange:type.${t}`, { defaultValue: t });

export const isMarketType = (t: unknown): t is ExchangeMarketType =>
  typeof t === 'string' && (MARKET_TYPES as readonly string[]).includes(t);

const num = (s: string | undefined) => s !== undefined && /^\d{1,19}$/.test(s);

/** Whether `id` names a market of type `t`: `1.{match}` (Match Odds), `bm.{match}`, `f.{match}.{1|2}.{overs}`. */
export function marketIdFits(t: ExchangeMarketType, id: string): boolean {
  const p = id.split('.');
  switch (t) {
    case 'exchange':
      return p.length === 2 && p[0] === '1' && num(p[1]);
    case 'bookmaker':
      return p.length === 2 && p[0] === 'bm' && num(p[1]);
    case 'fancy':
      return p.length === 4 && p[0] === 'f' && num(p[1]) && (p[2] === '1' || p[2] === '2') && num(p[3]);
  }
}

/** "2000000", "1500.5": a rupee amount as the form shows it (no grouping, so it can be typed over). */
export function amountText(rupees: number | null | undefined): string {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) return '';
  return formatFixed(Math.round(rupees * 100), 2, true);
}

/** A typed amount in paise: digits with at most 2 decimals; commas and spaces (Indian grouping typed in) are ignored. */
export function parseAmount(text: string): number | null {
  return parseFixed(text.replace(/[,\s]/g, ''), 2);
}

export interface LimitsForm {
  marketType: ExchangeMarketType;
  /** Empty: the type's default. */
  marketId: string;
  market: string;
  player: string;
}

type Checked = { body: ExchangeLimitBody } | { error: string };

/**
 * The request for a form, or the first problem found. `needMarket`: the form sets one market's limits (an empty id is
 * then a problem, not the type's default). The body has `marketId` only when it names a market.
 */
export function limitsBody(form: LimitsForm, needMarket: boolean): Checked {
  const marketId = form.marketId.trim();
  if (needMarket && marketId === '') return { error: tr('adminExchange:check.marketIdMissing') };
  if (marketId !== '' && !marketIdFits(form.marketType, marketId)) {
    return {
      error: tr('adminExchange:check.marketIdWrong', {
        id: marketId,
        type: typeLabel(form.marketType),
        example: tr(`adminExchange:idExample.${form.marketType}`),
      }),
    };
  }
  const amounts: [keyof Pick<LimitsForm, 'market' | 'player'>, number][] = [];
  for (const key of ['market', 'player'] as const) {
    const label = tr(`adminExchange:field.${key}`);
    const p = parseAmount(form[key]);
    if (p === null) return { error: tr('adminExchange:check.amount', { label }) };
    if (p <= 0) return { error: tr('adminExchange:check.aboveZero', { label }) };
    if (p > MAX_PAISE) return { error: tr('adminExchange:check.tooLarge', { label }) };
    amounts.push([key, p]);
  }
  const [market, player] = amounts.map(([, p]) => p) as [number, number];
  if (player > market) return { error: tr('adminExchange:check.playerAboveMarket') };
  const body: ExchangeLimitBody = {
    marketType: form.marketType,
    maxLiability: market / 100,
    maxPlayerLiability: player / 100,
  };
  if (marketId !== '') body.marketId = marketId;
  return { body };
}

/** Whether a body asks for the limits already in force on `row`. */
export function sameLimits(
  body: ExchangeLimitBody,
  row: Pick<ExchangeLimit, 'maxLiability' | 'maxPlayerLiability'>,
): boolean {
  const paise = (r: number) => Math.round(r * 100);
  return (
    paise(body.maxLiability) === paise(row.maxLiability) &&
    paise(body.maxPlayerLiability) === paise(row.maxPlayerLiability)
  );
}

/** The answer split as the screen shows it: each type's default (in the types' order, a missing one left out), then the markets set apart. */
export function splitLimits(rows: ExchangeLimit[] | null | undefined): {
  defaults: ExchangeLimit[];
  markets: ExchangeLimit[];
} {
  const list = Array.isArray(rows) ? rows : [];
  const defaults = MARKET_TYPES.map((t) => list.find((r) => r.marketType === t && !r.marketId)).filter(
    (r): r is ExchangeLimit => r !== undefined,
  );
  const markets = list.filter((r) => !!r.marketId);
  return { defaults, markets };
}
