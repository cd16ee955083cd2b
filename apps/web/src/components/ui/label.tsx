import type { LabelHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const Label = ({ className, ...p }: LabelHTMLAttributes<HTMLLabelElement>) => (
  <label className={cn('text-sm font-medium leading-none', className)} {...p} />
);
