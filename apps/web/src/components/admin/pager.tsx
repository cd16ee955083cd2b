import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Pagination } from '@portal/contracts';
import { Button } from '@/components/ui/button';

/** "Showing 1–25 of 312" with previous and next page buttons. */
export function Pager({
  pagination,
  onPage,
  label,
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const { page, pageSize, total, totalPages } = pagination;
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm">
      <p className="text-muted-foreground tabular" aria-live="polite">
        {t('pager.showing', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
      </p>
      {totalPages > 1 && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            {t('pager.previous')}
          </Button>
          <span className="tabular text-muted-foreground">
            {t('pager.page', { page: formatNumber(page), pages: formatNumber(totalPages) })}
          </span>
          <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            {t('pager.next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  );
}
