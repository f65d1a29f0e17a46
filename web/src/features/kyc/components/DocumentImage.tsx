import { useTranslation } from 'react-i18next';
import { BlobImage } from '@/components/BlobImage';
import { errorMessage } from '@/lib/api-client';
import { kycDocumentPath } from '../api/get-kyc';
import type { KycDocument } from '../api/types';
import { formatBytes } from '../files';

/** One of the player's own uploaded images, fetched with their session (never a public address). */
export function DocumentImage({ doc }: { doc: KycDocument }) {
  const { t } = useTranslation('kyc');
  const side = t(`side.${doc.kind}`);
  return (
    <figure className="kyc-doc" data-testid={`kyc-doc-${doc.kind}`}>
      <BlobImage
        path={kycDocumentPath(doc.id)}
        alt={t('documents.alt', { side })}
        placeholder={(error) => (
          <div className="kyc-doc-empty muted small">
            {error ? errorMessage(error, t('documents.failed')) : t('documents.loading')}
          </div>
        )}
      />
      <figcaption className="muted small">
        {side} · {formatBytes(doc.size)}
      </figcaption>
    </figure>
  );
}
