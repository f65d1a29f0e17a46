import { describe, expect, it } from 'vitest';
import { formatBytes, imageFileProblem, kycFormProblems, MAX_IMAGE_BYTES, normaliseIdNumber } from './files';

const png = (size = 1000) => ({ name: 'front.png', type: 'image/png', size });

describe('imageFileProblem', () => {
  it('takes JPEG, PNG and WebP up to 2 MiB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'IMAGE/PNG'])
      expect(imageFileProblem({ name: 'x', type, size: MAX_IMAGE_BYTES }), type).toBeNull();
  });
  it('refuses another type', () => {
    expect(imageFileProblem({ name: 'id.pdf', type: 'application/pdf', size: 10 })).toBe('type');
    expect(imageFileProblem({ name: 'id.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(imageFileProblem({ name: 'id.heic', type: 'image/heic', size: 10 })).toBe('type');
  });
  it('goes by the name when the browser gives no type', () => {
    expect(imageFileProblem({ name: 'scan.JPG', type: '', size: 10 })).toBeNull();
    expect(imageFileProblem({ name: 'scan.bmp', type: '', size: 10 })).toBe('type');
  });
  it('refuses a file one byte over 2 MiB, and an empty one', () => {
    expect(imageFileProblem(png(MAX_IMAGE_BYTES + 1))).toBe('size');
    expect(imageFileProblem(png(0))).toBe('empty');
  });
});

describe('kycFormProblems', () => {
  const ok = { fullName: 'Ravi Kumar', idType: 'pan', idNumber: 'ABCDE1234F', front: png(), back: null };
  it('finds nothing wrong with a complete form (the back is optional)', () => {
    expect(kycFormProblems(ok)).toEqual({});
    expect(kycFormProblems({ ...ok, back: png() })).toEqual({});
  });
  it('wants a name of 4 to 64 characters', () => {
    expect(kycFormProblems({ ...ok, fullName: ' Ram ' })).toEqual({ fullName: 'fullName' });
    expect(kycFormProblems({ ...ok, fullName: 'A'.repeat(65) })).toEqual({ fullName: 'fullName' });
    expect(kycFormProblems({ ...ok, fullName: 'A'.repeat(64) })).toEqual({});
  });
  it('wants letters (any script) and spaces in the name', () => {
    expect(kycFormProblems({ ...ok, fullName: 'रवि कुमार' })).toEqual({});
    expect(kycFormProblems({ ...ok, fullName: 'Ravi Kumar 2' })).toEqual({ fullName: 'fullName' });
  });
  it('wants a known document type', () => {
    expect(kycFormProblems({ ...ok, idType: '' })).toEqual({ idType: 'idType' });
    expect(kycFormProblems({ ...ok, idType: 'ration_card' })).toEqual({ idType: 'idType' });
  });
  it('wants 4 to 20 letters or digits as the number, spaces and dashes left out', () => {
    expect(kycFormProblems({ ...ok, idNumber: '1234 5678 9012' })).toEqual({});
    expect(kycFormProblems({ ...ok, idNumber: 'AB1' })).toEqual({ idNumber: 'idNumber' });
    expect(kycFormProblems({ ...ok, idNumber: 'A'.repeat(21) })).toEqual({ idNumber: 'idNumber' });
    expect(kycFormProblems({ ...ok, idNumber: 'AB12/34' })).toEqual({ idNumber: 'idNumber' });
  });
  it('wants a front image, and checks both images', () => {
    expect(kycFormProblems({ ...ok, front: null })).toEqual({ front: 'frontMissing' });
    expect(kycFormProblems({ ...ok, front: png(MAX_IMAGE_BYTES + 1) })).toEqual({ front: 'file.size' });
    expect(kycFormProblems({ ...ok, back: { name: 'b.pdf', type: 'application/pdf', size: 5 } })).toEqual({
      back: 'file.type',
    });
  });
});

describe('normaliseIdNumber and formatBytes', () => {
  it('leaves out spaces and dashes', () => {
    expect(normaliseIdNumber(' 1234-5678 9012 ')).toBe('123456789012');
  });
  it('writes sizes in B, KB and MB', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(850 * 1024)).toBe('850 KB');
    expect(formatBytes(MAX_IMAGE_BYTES)).toBe('2 MB');
    expect(formatBytes(1.6 * 1024 * 1024)).toBe('1.6 MB');
  });
});
