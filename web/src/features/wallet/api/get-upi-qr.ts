import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PaymentDetails {
  upi_id: string;
  phone: string;
  qrCode: string;
}

export function getUpiQr(): Promise<PaymentDetails> {
  return api.get<PaymentDetails>('/api/getupiqr');
}

export function usePaymentDetails() {
  return useQuery({ queryKey: ['upiqr'], queryFn: getUpiQr, staleTime: 5 * 60_000 });
}
