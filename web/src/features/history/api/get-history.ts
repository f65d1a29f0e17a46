import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface HistoryRow {
  round_id: string | number;
  createdAt: string;
  betAmt: number;
  multiplier: number | null;
  winningAmt: number;
  crashPoint: number | null;
  slot: number;
  status: 'Won' | 'Lost' | 'Open' | 'Refunded' | string;
}

export function getHistory(userId: string): Promise<HistoryRow[]> {
  return api.get<HistoryRow[]>(`/api/history/${encodeURIComponent(userId)}`);
}

export function useHistory(userId: string | null) {
  return useQuery({ queryKey: ['history', userId], queryFn: () => getHistory(userId as string), enabled: userId !== null });
}
