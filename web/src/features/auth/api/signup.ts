import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type SignupResponse = Schema<'SignupJson'>;

/** The spec's payload: username is the phone number, email carries the person's name. */
export function signup(name: string, phone: string, password: string): Promise<SignupResponse> {
  return api.post('/api/signup', { body: { username: phone.trim(), email: name, password } });
}
