import { z } from 'zod';
import { emailInput } from './users';
import { says } from './validation';

/** The support contact that investors reach through the chat button (an admin setting, issue 14). */

export const SUPPORT_WHATSAPP_MESSAGE = says('validation.whatsapp');

/**
 * A WhatsApp number in E.164 form: "+", a country code that does not start with 0, at most 15 digits.
 * Spaces, dashes, dots and parentheses may be typed between the digits; they are removed.
 */
export const supportWhatsappInput = z
  .string({ error: SUPPORT_WHATSAPP_MESSAGE })
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, { error: SUPPORT_WHATSAPP_MESSAGE }));

/** Left out, null or blank: not set. */
const orNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v),
    schema.nullable(),
  );

/** `PUT /api/admin/settings/support`: each may be left empty. */
export const supportContactInput = z.object({
  whatsapp: orNone(supportWhatsappInput),
  email: orNone(emailInput),
});
export type SupportContactInput = z.input<typeof supportContactInput>;

/** `GET /api/support-contact` (signed-in users) and the admin setting: null where not set. */
export const supportContact = z.object({
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
});
export type SupportContact = z.infer<typeof supportContact>;
