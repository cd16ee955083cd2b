import { eq } from 'drizzle-orm';
import type { ProfileValues } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';

/** Writes only the profile fields; the schema has already dropped everything else. */
export async function updateProfile(db: DbOrTx, userId: string, input: ProfileValues) {
  const [row] = await db
    .update(users)
    .set({
      name: input.name,
      phone: input.phone ?? null,
      address: input.address ?? null,
      city: input.city ?? null,
      country: input.country ?? null,
      postalCode: input.postalCode ?? null,
      dateOfBirth: input.dateOfBirth ? input.dateOfBirth.slice(0, 10) : null,
      ...(input.locale ? { locale: input.locale } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!row) throw new NotFoundError('User');
}
