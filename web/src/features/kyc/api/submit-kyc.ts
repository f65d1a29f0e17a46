import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postForm } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api-types';
import { kycQueryKey } from './get-kyc';
import type { IdType } from './types';

export interface KycSubmission {
  fullName: string;
  idType: IdType;
  idNumber: string;
  front: File;
  back: File | null;
}

/** `POST /api/kyc` as multipart/form-data (the document's `KycForm`): the details as text fields, the images as files. */
export function submitKyc(s: KycSubmission): Promise<ApiResponse<'post', '/api/kyc'>> {
  const form = new FormData();
  form.append('fullName', s.fullName.trim());
  form.append('idType', s.idType);
  form.append('idNumber', s.idNumber.trim());
  form.append('front', s.front);
  if (s.back) form.append('back', s.back);
  return postForm('/api/kyc', form);
}

/** Submits, then shows the server's answer (the submission, pending) as the player's check. */
export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: (kyc) => queryClient.setQueryData(kycQueryKey, kyc),
  });
}
