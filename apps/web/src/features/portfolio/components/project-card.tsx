import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import type { ProjectListItem } from '@portal/contracts';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { termProgress } from '../portfolio-data';
import { StatusBadge } from './status-badge';

/** A project's annualROI string ('8.5') as a percentage; text that is not a number is shown as it is. */
export function annualText(annualROI: string): string {
  const n = Number(annualROI);
  return annualROI.trim() !== '' && Number.isFinite(n) ? formatPercent(n) : annualROI;
}

/** Your ROI (docs/product.md §6): a dash when the investment is 0 (or there is none). */
function yourRoi(inv: ProjectListItem['investment']): string {
  return !inv || inv.amount === 0 || inv.roi == null ? '—' : formatPercent(inv.roi);
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col justify-between">
      <dt className="text-xs leading-tight text-muted-foreground">{label}</dt>
      <dd className="tabular mt-0.5 truncate text-sm font-semibold sm:text-base">{value}</dd>
    </div>
  );
}

/** A card of Your Projects: the investor's own figures in the project; the whole card opens its page. */
export function ProjectCard({ project: p }: { project: ProjectListItem }) {
  const inv = p.investment;
  const term = termProgress(p.investmentDate, p.investmentPeriod, p.status);
  const { t } = useTranslation('portfolio');
  const termValues = {
    count: term.period,
    n: formatNumber(term.period),
    elapsed: formatNumber(term.elapsed),
  };
  return (
    <Card
      data-testid="project-card"
      className="relative flex flex-col gap-4 p-5 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold leading-tight">
            {/* The link covers the card, so a click anywhere opens the project; its name stays the link's name. */}
            <Link
              to={`/project/${p._id}`}
              className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
            >
              {p.name}
            </Link>
          </h3>
          {p.location && (
            <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{p.location}</span>
            </p>
          )}
        </div>
        <StatusBadge status={p.status} className="shrink-0" />
      </div>
      <dl className="grid grid-cols-3 gap-3">
        <Figure label={t('projectCard.yourInvestment')} value={formatMoney(inv?.amount ?? 0)} />
        <Figure label={t('projectCard.yourReturns')} value={formatMoney(inv?.returns ?? 0)} />
        <Figure label={t('projectCard.yourRoi')} value={yourRoi(inv)} />
      </dl>
      <div>
        <div className="mb-1.5 flex justify-between gap-2 text-xs text-muted-foreground">
          <span>{t('projectCard.term')}</span>
          <span className="tabular">{t('projectCard.termValue', termValues)}</span>
        </div>
        <Progress value={term.percent} label={t('projectCard.termLabel', { ...termValues, name: p.name })} />
      </div>
      <div className="flex items-center justify-between gap-2 border-t pt-3 text-sm">
        <span className="text-muted-foreground">
          {t('projectCard.since', { date: formatDate(p.investmentDate) })}
        </span>
        <span>
          <span className="text-muted-foreground">{t('projectCard.annual')} </span>
          <span className="font-semibold text-success">{annualText(p.annualROI)}</span>
        </span>
      </div>
    </Card>
  );
}
