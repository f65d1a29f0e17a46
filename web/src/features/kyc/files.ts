/**
 * The identity form's checks (pure, unit-tested), mirroring the server's: the details' lengths and characters, and
 * each image's type and size. The server checks the images' content too; this only spares a refused upload.
 */
import { ID_TYPES, type IdType } from './api/types';

/** The largest image the server takes: 2 MiB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The file inputs' `accept`: the types the server takes. */
export const ACCEPT_IMAGES = 'image/jpeg,image/png,image/webp';
const TYPES = ACCEPT_IMAGES.split(',');
/** A file the browser gave no type: its name's ending decides. */
const EXTENSIONS = /\.(jpe?g|png|webp)$/i;

export type FileProblem = 'type' | 'size' | 'empty';

/** What is wrong with a chosen image (its declared type, its size), or null. */
export function imageFileProblem(file: { name: string; type: string; size: number }): FileProblem | null {
  const typeOk = file.type ? TYPES.includes(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!typeOk) return 'type';
  if (file.size === 0) return 'empty';
  return file.size > MAX_IMAGE_BYTES ? 'size' : null;
}

/** An identity number as the server takes it: the spaces and dashes people write in it left out. */
export const normaliseIdNumber = (s: string) => s.replace(/[\s-]/g, '');

export interface KycForm {
  fullName: string;
  idType: string;
  idNumber: string;
  front: { name: string; type: string; size: number } | null;
  back: { name: string; type: string; size: number } | null;
}

export type KycField = 'fullName' | 'idType' | 'idNumber' | 'front' | 'back';
/** Each field's problem: a key under `kyc:problem`. */
export type KycProblems = Partial<Record<KycField, string>>;

export const isIdType = (s: string): s is IdType => (ID_TYPES as readonly string[]).includes(s);

/** Every field's problem (none: an empty object): the name 4–64 letters (any script) and spaces, a known document, its number 4–20
 * letters or digits, a front image, and each image of a right type and size. */
export function kycFormProblems(f: KycForm): KycProblems {
  const out: KycProblems = {};
  const name = f.fullName.trim();
  if (name.length < 4 || name.length > 64 || !/^[\p{L}\p{M} ]+$/u.test(name)) out.fullName = 'fullName';
  if (!isIdType(f.idType)) out.idType = 'idType';
  if (!/^[A-Za-z0-9]{4,20}$/.test(normaliseIdNumber(f.idNumber))) out.idNumber = 'idNumber';
  if (!f.front) out.front = 'frontMissing';
  else {
    const p = imageFileProblem(f.front);
    if (p) out.front = `file.${p}`;
  }
  if (f.back) {
    const p = imageFileProblem(f.back);
    if (p) out.back = `file.${p}`;
  }
  return out;
}

/** A size for people: "850 KB", "1.6 MB" (binary units, as the limit is). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
