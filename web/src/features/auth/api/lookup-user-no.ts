import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export function lookupUserNo(phoneOrUserNo: string): Promise<Schema<'UserNoJson'>> {
  return api.get('/api/userLoginUserNo/{who}', { path: { who: phoneOrUserNo } });
}
