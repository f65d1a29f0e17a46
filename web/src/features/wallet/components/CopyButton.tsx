import { useEffect, useState } from 'react';
import { COPY_CONFIRM_MS } from '@/config/constants';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Fall through to the legacy path (insecure origins, denied permission).
    }
  }
  const el = document.createElement('textarea');
  el.value = text;
  document.body.appendChild(el);
  el.select();
  document.execCommand('copy');
  el.remove();
}

/** Copies `text`; the label reads "Copied!" for 2 seconds. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn btn-small btn-outline"
      disabled={!text}
      onClick={() => copyText(text).then(() => setCopied(true), () => undefined)}
    >
      {copied ? 'Copied!' : label}
    </button>
  );
}
