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
  const bookable = (p: Perk) => canBook || p.type !== 'cabin';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Perks & Benefits</CardTitle>
        <CardDescription>Partner activities and discounts for investors of this project.</CardDescription>
      </CardHeader>
      <CardContent>
        {perks.length === 0 ? (
          <p className="text-sm text-muted-foreground">This project has no partner perks yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Perks">
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
                      {p.status === 'seasonal' && <Badge variant="outline">Seasonal</Badge>}
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
                      title={bookable(p) ? undefined : 'You have no cabin nights in this project'}
                      onClick={() => onBook(p)}
                      aria-label={`Book Now: ${p.name}`}
                    >
                      Book Now
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
