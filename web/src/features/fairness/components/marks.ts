/** The check's marks (not words): a step passed or failed, and the verdict's sign. */
export const stepMark = (ok: boolean): string => (ok ? '✔' : '✘');

export const VERDICT_MARK = { verified: '✔ ', mismatch: '✘ ', pending: '… ', computed: '' } as const;
