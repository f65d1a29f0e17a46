import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type LoginResponse = Schema<'LoginJson'>;

export function login(userNo: string, password: string): Promise<LoginResponse> {
  return api.post('/api/login', { body: { userNo, password } });
}
