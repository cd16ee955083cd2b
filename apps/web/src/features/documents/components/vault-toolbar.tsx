import { useId } from 'react';
import { ArrowUpDown, ListFilter, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_SORTS, type DocumentFilter, type DocumentSort } from '@portal/contracts';
import { filterLabel, sortLabel } from '../documents-view';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';

/** The vault's search box and its Filter and Sort menus (docs/product.md §11), all of them working. */
export function VaultToolbar({
  search,
  onSearch,
  filter,
  onFilter,
  sort,
  onSort,
  filters,
}: {
  /** The Filter menu's entries (`vaultFilters` of the project's documents). */
  filters: readonly { id: DocumentFilter; label: string }[];
  search: string;
  onSearch: (v: string) => void;
  filter: DocumentFilter;
  onFilter: (v: DocumentFilter) => void;
  sort: DocumentSort;
  onSort: (v: DocumentSort) => void;
}) {
  const { t } = useTranslation('documents');
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={searchId} className="sr-only">
          {t('toolbar.search')}
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          placeholder={t('toolbar.searchPlaceholder')}
          autoComplete="off"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="flex gap-2">
        {/* Not modal: a modal menu marks the rest of the page aria-hidden while its controls stay focusable. */}
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" className="flex-1 sm:flex-none">
              <ListFilter aria-hidden="true" />
              {t('toolbar.filter')}
              {filter !== 'all' && (
                <span className="max-w-32 truncate rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                  <span className="sr-only">: </span>
                  {filterLabel(filter)}
                </span>
              )}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>{t('toolbar.show')}</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuRadioGroup value={filter} onValueChange={(v) => onFilter(v as DocumentFilter)}>
              {filters.map((f) => (
                <DropdownMenuRadioItem key={f.id} value={f.id}>
                  {filterLabel(f.id)}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" className="flex-1 sm:flex-none">
              <ArrowUpDown aria-hidden="true" />
              {t('toolbar.sort')}
              <span className="hidden rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground lg:inline">
                <span className="sr-only">: </span>
                {sortLabel(sort)}
              </span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>{t('toolbar.sortBy')}</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuRadioGroup value={sort} onValueChange={(v) => onSort(v as DocumentSort)}>
              {DOCUMENT_SORTS.map((s) => (
                <DropdownMenuRadioItem key={s.id} value={s.id}>
                  {sortLabel(s.id)}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
}
