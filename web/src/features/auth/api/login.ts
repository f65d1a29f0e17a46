import { api } from '@/lib/api-client';
import type { SessionUser } from '@/lib/storage';

export interface LoginResponse {
  user: SessionUser;
  wallet: { balance: number; exposureBalance: number };
  history: unknown[];
  token: string;
}

export function login(userNo: string, password: string): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/login', { userNo, password });
}
