import { describe, expect, it } from 'vitest';
import { newsItems } from './api/money';
import { cleanNews, qrKind } from './payment';

const origin = 'https://casino.example';

describe('qrKind', () => {
  it('tells what the image policy lets the players see', () => {
    expect(qrKind('  ', origin)).toBe('empty');
    expect(qrKind('data:image/png;base64,AAAA', origin)).toBe('data');
    expect(qrKind('/qr.png', origin)).toBe('same-origin');
    expect(qrKind('https://casino.example/qr.png', origin)).toBe('same-origin');
    expect(qrKind('https://cdn.example/qr.png', origin)).toBe('external');
    expect(qrKind('//cdn.example/qr.png', origin)).toBe('invalid');
    expect(qrKind('javascript:alert(1)', origin)).toBe('invalid');
    expect(qrKind('not a url', origin)).toBe('invalid');
  });
});

describe('news', () => {
  it('trims and drops empty items, refuses long ones', () => {
    expect(cleanNews([' a ', '', '  ', 'b'])).toEqual({ items: ['a', 'b'] });
    expect(cleanNews(['ok', 'x'.repeat(501)])).toEqual({ error: 'Item 2 is longer than 500 characters' });
  });
  it('reads the players’ news shape and plain strings', () => {
    expect(newsItems([{ content: 'one' }, { content: '' }, 'two'])).toEqual(['one', 'two']);
    expect(newsItems({ items: ['x'] })).toEqual(['x']);
    expect(newsItems(null)).toEqual([]);
  });
});
