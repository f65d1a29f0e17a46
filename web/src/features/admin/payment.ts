/** Payment details (pure): whether a QR image can preview under the site's image policy (self and data: only). */
import { tr } from './text';

export type QrKind = 'empty' | 'data' | 'same-origin' | 'external' | 'invalid';

export function qrKind(url: string, origin: string): QrKind {
  const u = url.trim();
  if (!u) return 'empty';
  if (/^data:image\//i.test(u)) return 'data';
  if (u.startsWith('/') && !u.startsWith('//')) return 'same-origin';
  try {
    const parsed = new URL(u);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'invalid';
    return parsed.origin === origin ? 'same-origin' : 'external';
  } catch {
    return 'invalid';
  }
}

export const NEWS_MAX_CHARS = 500;

/** News items as saved: trimmed, empty ones dropped. Returns the first problem instead when one is too long. */
export function cleanNews(items: string[]): { items: string[] } | { error: string } {
  const out = items.map((i) => i.trim()).filter((i) => i !== '');
  const long = out.findIndex((i) => i.length > NEWS_MAX_CHARS);
  if (long >= 0) return { error: tr('adminMoney:news.tooLong', { n: long + 1, max: NEWS_MAX_CHARS }) };
  return { items: out };
}
