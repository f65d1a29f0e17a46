import type { ReactNode } from 'react';
import { BRAND } from '@/config/constants';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-brand">
        <span className="brand-mark" aria-hidden>
          ✈
        </span>
        <span className="brand-name">{BRAND}</span>
      </div>
      <section className="auth-card">
        <h1>{title}</h1>
        {children}
      </section>
    </main>
  );
}
