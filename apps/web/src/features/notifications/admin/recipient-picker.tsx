import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { Search, X } from 'lucide-react';
import type { NotificationRecipient } from '@portal/contracts';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useRecipients } from '@/queries/notifications';

/**
 * Chooses recipients among active users: a server-side search (there may be thousands), a checkbox per
 * match, and the chosen ones as removable chips.
 */
export function RecipientPicker({
  chosen,
  onChange,
  invalid,
  describedBy,
}: {
  chosen: NotificationRecipient[];
  onChange: (next: NotificationRecipient[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('notifications');
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const matches = useRecipients(q);
  const chosenIds = new Set(chosen.map((u) => u._id));
  const toggle = (u: NotificationRecipient) =>
    onChange(chosenIds.has(u._id) ? chosen.filter((c) => c._id !== u._id) : [...chosen, u]);
  const users = matches.data?.users ?? [];

  return (
    <div className="grid gap-3">
      {chosen.length > 0 && (
        <ul aria-label={t('recipients.chosen')} className="flex flex-wrap gap-1.5">
          {chosen.map((u) => (
            <li
              key={u._id}
              className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pl-2.5 pr-0.5 text-xs font-medium text-secondary-foreground"
            >
              {u.name}
              <button
                type="button"
                onClick={() => toggle(u)}
                aria-label={t('recipients.remove', { name: u.name })}
                className="rounded-full p-1 hover:bg-background/70 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t('recipients.search')}
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={`${id}-search`}
          type="search"
          placeholder={t('recipients.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      </div>
      <fieldset className="min-w-0">
        <legend className="sr-only">{t('recipients.matching')}</legend>
        {matches.isError ? (
          <p className="text-sm text-destructive">{t('recipients.searchFailed')}</p>
        ) : users.length === 0 ? (
          <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
            {matches.isPending
              ? t('recipients.loading')
              : q
                ? t('recipients.noMatch', { q })
                : t('recipients.none')}
          </p>
        ) : (
          <ul className="max-h-56 divide-y overflow-y-auto rounded-md border" aria-busy={matches.isFetching}>
            {users.map((u) => (
              <li key={u._id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-accent/60">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-[var(--primary)]"
                    checked={chosenIds.has(u._id)}
                    onChange={() => toggle(u)}
                  />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{u.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">{u.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </div>
  );
}
