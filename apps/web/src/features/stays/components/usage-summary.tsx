import { useId } from 'react';
import { Download } from 'lucide-react';
import type { UsageSummary as Usage } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatMoney } from '@/lib/format';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg bg-muted/60 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

/**
 * Usage Summary: nights used by kind (when the investor has cabin nights), the rental income recorded
 * for the investor's rentals (when above 0), recent activity, and the report as a CSV download.
 */
export function UsageSummary({
  usage,
  hasCabin,
  onDownload,
}: {
  usage: Usage | null;
  hasCabin: boolean;
  onDownload: () => void;
}) {
  const titleId = useId();
  const activity = usage?.recentActivity ?? [];
  const nights = (n: number | undefined) => `${n ?? 0} night${n === 1 ? '' : 's'}`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Usage Summary</CardTitle>
        <CardDescription>Pending and approved requests count towards your nights.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {(hasCabin || (usage?.totalValue ?? 0) > 0) && (
          <dl className="grid grid-cols-2 gap-2">
            {hasCabin && (
              <>
                <Stat label="Personal Stays" value={nights(usage?.personalStays)} />
                <Stat label="Nights Gifted" value={nights(usage?.gifted)} />
                <Stat label="Nights Rented" value={nights(usage?.rented)} />
              </>
            )}
            {(usage?.totalValue ?? 0) > 0 && (
              <Stat
                label="Total Value"
                value={formatMoney(usage?.totalValue)}
                hint="Your share of the rental income recorded"
              />
            )}
          </dl>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold">Recent Activity</h3>
          {activity.length === 0 ? (
            <p className="text-sm text-muted-foreground">No activity yet.</p>
          ) : (
            <ol className="grid gap-3" aria-label="Recent activity">
              {activity.map((a) => (
                <li key={a._id} className="border-l-2 border-primary/30 pl-3">
                  <p className="text-sm">{a.description}</p>
                  <time dateTime={a.date} className="text-xs text-muted-foreground">
                    {formatDate(a.date)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </div>
        <Button variant="outline" onClick={onDownload} className="w-full">
          <Download aria-hidden="true" />
          Download Report
        </Button>
      </CardContent>
    </Card>
  );
}
