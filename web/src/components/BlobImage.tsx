/**
 * An image the session may read (an identity document), fetched with the session like any API call and shown through
 * an object URL: a refusal is a message, never a broken image, and the address is never a public one. The URL is made
 * when the image is attached and revoked when it is detached (a ref with a cleanup), so none outlives its image.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { getBlob } from '@/lib/api-client';

interface Props {
  path: string;
  alt: string;
  /** What stands in the image's place while it loads, or when it could not be had (the error given). */
  placeholder: (error: unknown) => ReactNode;
  className?: string;
}

export function BlobImage({ path, alt, placeholder, className }: Props) {
  const q = useQuery({
    queryKey: ['blob', path],
    queryFn: () => getBlob(path),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const blob = q.data;
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !blob) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
  return blob ? <img ref={attach} alt={alt} className={className} /> : placeholder(q.error);
}
