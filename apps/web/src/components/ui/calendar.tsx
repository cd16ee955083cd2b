import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DayPicker, getDefaultClassNames, type DayPickerLocale } from 'react-day-picker';
import { de } from 'react-day-picker/locale/de';
import { nb } from 'react-day-picker/locale/nb';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button';

/** Month and day names and the buttons' labels in the page's language (English is DayPicker's own). */
const DAY_PICKER_LOCALES: Partial<Record<string, DayPickerLocale>> = { de, nb };

/**
 * A month calendar on react-day-picker, styled with the theme tokens (light and dark). Keyboard: arrow
 * keys move between days, Enter or Space selects, Page Up/Down change the month.
 */
export function Calendar({ className, classNames, ...props }: ComponentProps<typeof DayPicker>) {
  const d = getDefaultClassNames();
  const { i18n } = useTranslation();
  return (
    <DayPicker
      locale={DAY_PICKER_LOCALES[i18n.language]}
      className={cn('w-fit', className)}
      classNames={{
        root: cn(d.root, 'relative'),
        months: 'relative flex flex-col gap-4 sm:flex-row',
        month: 'flex flex-col gap-3',
        month_caption: 'flex h-9 items-center justify-center px-10',
        caption_label: 'text-sm font-semibold',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-9 aria-disabled:opacity-40',
        ),
        button_next: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-9 aria-disabled:opacity-40',
        ),
        month_grid: 'border-collapse',
        weekdays: 'flex',
        weekday: 'w-10 text-center text-xs font-medium text-muted-foreground',
        week: 'mt-1 flex',
        day: 'group size-10 p-0 text-center text-sm',
        day_button: cn(
          'inline-flex size-10 items-center justify-center rounded-md tabular transition-colors',
          'hover:bg-accent hover:text-accent-foreground',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          'disabled:pointer-events-none disabled:text-muted-foreground disabled:line-through disabled:opacity-60',
          'group-[.rdp-selected]:bg-primary group-[.rdp-selected]:font-semibold group-[.rdp-selected]:text-primary-foreground',
          'group-[.rdp-selected]:hover:bg-primary-hover group-[.rdp-selected]:hover:text-primary-foreground',
          'group-[.rdp-today]:ring-1 group-[.rdp-today]:ring-primary',
        ),
        selected: d.selected,
        today: d.today,
        outside: 'text-muted-foreground',
        disabled: d.disabled,
        hidden: 'invisible',
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: c }) =>
          orientation === 'left' ? (
            <ChevronLeft className={cn('size-4', c)} aria-hidden="true" />
          ) : (
            <ChevronRight className={cn('size-4', c)} aria-hidden="true" />
          ),
      }}
      {...props}
    />
  );
}
