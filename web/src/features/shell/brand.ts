/** The shell's name and glyphs: pictures, not words, so no language has its own. */
export { BRAND } from '@/config/constants';

/** The plane beside the brand name. */
export const BRAND_MARK = '✈';
/** The menu button's icon (its name is `shell:header.menu`). */
export const MENU_GLYPH = '☰';
/** A sidebar section's open / closed sign. */
export const SECTION_GLYPH = { open: '−', closed: '+' } as const;
