import { useId } from 'react';
import { ArrowUpDown, ListFilter, Search } from 'lucide-react';
import { DOCUMENT_SORTS, type DocumentFilter, type DocumentSort } from '@portal/contracts';
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

const labelOf = <T extends string>(list: readonly { id: T; label: string }[], id: T) =>
  list.find((e) => e.id === id)?.label ?? '';

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
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search documents
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search documents..."
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
              Filter
              {filter !== 'all' && (
                <span className="max-w-32 truncate rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                  <span className="sr-only">: </span>
                  {labelOf(filters, filter)}
                </span>
              )}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Show</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuRadioGroup value={filter} onValueChange={(v) => onFilter(v as DocumentFilter)}>
              {filters.map((f) => (
                <DropdownMenuRadioItem key={f.id} value={f.id}>
                  {f.label}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" className="flex-1 sm:flex-none">
              <ArrowUpDown aria-hidden="true" />
              Sort
              <span className="hidden rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground lg:inline">
                <span className="sr-only">: </span>
                {labelOf(DOCUMENT_SORTS, sort)}
              </span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Sort by</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuRadioGroup value={sort} onValueChange={(v) => onSort(v as DocumentSort)}>
              {DOCUMENT_SORTS.map((s) => (
                <DropdownMenuRadioItem key={s.id} value={s.id}>
                  {s.label}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
}
