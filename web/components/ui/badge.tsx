import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'warning' | 'success' | 'info' | 'danger' | 'brand';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-stone-100 text-stone-700 ring-stone-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  info: 'bg-sky-50 text-sky-900 ring-sky-300',
  danger: 'bg-red-50 text-red-800 ring-red-300',
  brand: 'bg-navy-50 text-navy-800 ring-navy-200',
};

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
