import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type SignupResponse = Schema<'SignupJson'>;

/** Real mode's two more fields: the date of birth ("YYYY-MM-DD") and the declared region's code. */
export interface RealSignup {
  dateOfBirth: string;
  region: string;
}

/** The spec's payload: username is the phone number, email carries the person's name; in real mode `real` too. */
export function signup(name: string, phone: string, password: string, real?: RealSignup): Promise<SignupResponse> {
  const body = { username: phone.trim(), email: name, password, ...real };
  return api.post('/api/signup', { body });
}
