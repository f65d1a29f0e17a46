import { api } from '@/lib/api-client';

export interface SignupResponse {
  success: boolean;
  message: string;
  userNo: string | number;
}

/** The spec's payload: username is the phone number, email carries the person's name. */
export function signup(name: string, phone: string, password: string): Promise<SignupResponse> {
  return api.post<SignupResponse>('/api/signup', { username: phone.trim(), email: name, password });
}
