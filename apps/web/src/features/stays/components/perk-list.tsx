import { useTranslation } from 'react-i18next';
import type { Perk } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PerkIcon } from './perk-icon';

/**
 * Perks & Benefits: icon by type, name, description, discount badge and 'Book Now' when bookable. A cabin
 * is booked with cabin nights (`canBook`: the investor holds some); a partner activity needs none.
 */
export function PerkList({
  perks,
  canBook,
  onBook,
}: {
  perks: Perk[];
  canBook: boolean;
  onBook: (perk: Perk) => void;
}) {
  const { t } = useTranslation('stays');
  const bookable = (p: Perk) => canBook || p.type !== 'cabin';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('perkList.title')}</CardTitle>
        <CardDescription>{t('perkList.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {perks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('perkList.empty')}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t('perkList.label')}>
            {perks.map((p) => (
              <li
                key={p._id}
                className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 gap-3">
                  <PerkIcon type={p.type} />
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold leading-snug">{p.name}</h3>
                      {p.status === 'seasonal' && <Badge variant="outline">{t('perkList.seasonal')}</Badge>}
                    </div>
                    {p.description && <p className="mt-1 text-sm text-muted-foreground">{p.description}</p>}
                  </div>
                </div>
                <div className="flex shrink-0 items-center gap-2 pl-14 sm:pl-0">
                  {p.discount && <Badge variant="highlight">{p.discount}</Badge>}
                  {p.bookingAvailable && (
                    <Button
                      size="sm"
                      disabled={!bookable(p)}
                      title={bookable(p) ? undefined : t('perkList.noNights')}
                      onClick={() => onBook(p)}
                      aria-label={t('perkList.bookLabel', { name: p.name })}
                    >
                      {t('perkList.book')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
