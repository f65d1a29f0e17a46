import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_CONFIRM_MS } from '@/config/constants';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Fall through to the legacy path (an insecure origin, permission refused).
    }
  }
  const el = document.createElement('textarea');
  el.value = text;
  el.setAttribute('readonly', '');
  document.body.appendChild(el);
  el.select();
  document.execCommand('copy');
  el.remove();
}

/** Copies `text`; the label (default "Copy") reads "Copied!" for 2 seconds. */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn btn-small btn-outline"
      disabled={!text}
      data-testid={testId}
      onClick={() =>
        copyText(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? t('copied') : (label ?? t('copy'))}
    </button>
  );
}
