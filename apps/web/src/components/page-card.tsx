import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { BrandMark } from '@/components/brand';

/**
 * A signed-out page's centred card under the brand: the sign-in pages (beside their brand panel) and the
 * pages an email's links open.
 */
export function PageCard({
  title,
  subtitle,
  children,
  brandClassName = 'mb-8 text-foreground',
  className = 'flex min-h-dvh items-center justify-center px-4 py-10 sm:px-8',
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  brandClassName?: string;
  className?: string;
}) {
  return (
    <main className={className}>
      <div className="w-full max-w-md">
        <BrandMark className={brandClassName} />
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <CardDescription>{subtitle}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
