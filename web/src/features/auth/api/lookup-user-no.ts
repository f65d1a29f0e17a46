import { api } from '@/lib/api-client';

export function lookupUserNo(phoneOrUserNo: string): Promise<{ success: boolean; userNo?: string | number }> {
  return api.get(`/api/userLoginUserNo/${encodeURIComponent(phoneOrUserNo)}`);
}
