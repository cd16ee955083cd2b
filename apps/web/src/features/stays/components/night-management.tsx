import { useId } from 'react';
import { BedDouble, Gift, HandCoins, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BookingType } from '@portal/contracts';
import { formatNumber } from '@/lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const ACTIONS = [
  {
    type: 'personal',
    title: 'nightManagement.personal',
    description: 'nightManagement.personalText',
    icon: BedDouble,
  },
  { type: 'gift', title: 'nightManagement.gift', description: 'nightManagement.giftText', icon: Gift },
  {
    type: 'rental',
    title: 'nightManagement.rental',
    description: 'nightManagement.rentalText',
    icon: HandCoins,
  },
] as const satisfies readonly { type: BookingType; title: string; description: string; icon: LucideIcon }[];

function Action({
  title,
  description,
  icon: Icon,
  disabled,
  onClick,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  disabled: boolean;
  onClick: () => void;
}) {
  const descId = useId();
  return (
    <button
      type="button"
      disabled={disabled}
      aria-describedby={descId}
      onClick={onClick}
      className="flex w-full cursor-pointer items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors hover:border-primary/40 hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold">{title}</span>
        <span id={descId} className="block text-xs text-muted-foreground">
          {description}
        </span>
      </span>
    </button>
  );
}

/** Night Management: the three ways to use cabin nights; each opens its booking dialog. */
export function NightManagement({
  hasCabin,
  available,
  onOpen,
}: {
  hasCabin: boolean;
  available: number;
  onOpen: (type: BookingType) => void;
}) {
  const { t } = useTranslation('stays');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('nightManagement.title')}</CardTitle>
        <CardDescription>
          {!hasCabin
            ? t('nightManagement.noCabin')
            : available > 0
              ? t('nightManagement.available', { count: available, n: formatNumber(available) })
              : t('nightManagement.allRequested')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {ACTIONS.map((a) => (
          <Action
            key={a.type}
            title={t(a.title)}
            description={t(a.description)}
            icon={a.icon}
            disabled={!hasCabin}
            onClick={() => onOpen(a.type)}
          />
        ))}
      </CardContent>
    </Card>
  );
}
