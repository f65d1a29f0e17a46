import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type PaymentDetails = Schema<'PaymentDetailsJson'>;

export function getUpiQr(): Promise<PaymentDetails> {
  return api.get('/api/getupiqr');
}

export function usePaymentDetails() {
  return useQuery({ queryKey: ['upiqr'], queryFn: getUpiQr, staleTime: 5 * 60_000 });
}
