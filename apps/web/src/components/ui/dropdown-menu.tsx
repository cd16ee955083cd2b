import { useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import { DropdownMenu as M } from 'radix-ui';
import { cn } from '@/lib/cn';

export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuRadioGroup = M.RadioGroup;

/**
 * A menu never leaves the screen: it keeps 8 px from the edges, and one taller than the room on its
 * side (a phone, a trigger near the bottom) is cut to that room and scrolls (issue 14).
 */
export function DropdownMenuContent({
  className,
  sideOffset = 6,
  collisionPadding = 8,
  ...p
}: ComponentPropsWithoutRef<typeof M.Content>) {
  // Into the shell's main landmark when there is one, so that an open menu is inside a landmark like
  // the rest of the page (axe's region rule); it floats above everything either way. Looked up once
  // mounted: a page drawn in the app's first render (ADR 023) is rendered before the shell's <main> is
  // in the document.
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(document.getElementById('main')), []);
  return (
    <M.Portal container={container ?? undefined}>
      <M.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        // The menu holds the focus (its items are reached with the arrow keys), so a scrolling menu is
        // scrolled from the keyboard; saying that it is focusable lets checkers know it too.
        tabIndex={0}
        className={cn(
          'z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-48 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg animate-fade-in',
          className,
        )}
        {...p}
      />
    </M.Portal>
  );
}

const item =
  'relative flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4';

export const DropdownMenuItem = ({ className, ...p }: ComponentPropsWithoutRef<typeof M.Item>) => (
  <M.Item className={cn(item, className)} {...p} />
);
export const DropdownMenuRadioItem = ({
  className,
  children,
  ...p
}: ComponentPropsWithoutRef<typeof M.RadioItem>) => (
  <M.RadioItem className={cn(item, 'pl-8', className)} {...p}>
    <span className="absolute left-2.5 flex size-3.5 items-center justify-center">
      <M.ItemIndicator>
        <span className="block size-2 rounded-full bg-primary" />
      </M.ItemIndicator>
    </span>
    {children}
  </M.RadioItem>
);
export const DropdownMenuLabel = ({ className, ...p }: ComponentPropsWithoutRef<typeof M.Label>) => (
  <M.Label className={cn('px-2.5 py-1.5 text-xs font-semibold text-muted-foreground', className)} {...p} />
);
export const DropdownMenuSeparator = ({ className, ...p }: ComponentPropsWithoutRef<typeof M.Separator>) => (
  <M.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...p} />
);
