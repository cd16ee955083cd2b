import type { ComponentPropsWithoutRef } from 'react';
import { Popover as P } from 'radix-ui';
import { cn } from '@/lib/cn';

/** A panel anchored to a trigger, for content with its own controls (a menu is for a list of actions). */
export const Popover = P.Root;
export const PopoverTrigger = P.Trigger;

export function PopoverContent({
  className,
  sideOffset = 6,
  collisionPadding = 8,
  ...p
}: ComponentPropsWithoutRef<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 rounded-lg border bg-popover text-popover-foreground shadow-lg outline-none animate-fade-in',
          className,
        )}
        {...p}
      />
    </P.Portal>
  );
}
