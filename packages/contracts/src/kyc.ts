import { z } from 'zod';
import { holderConfirmation, requiredText, uuidString } from './common';
import { birthDateInput } from './person';
import { KYC_DOCUMENT_KINDS, KYC_STATUSES } from './subscriptions';
import { labelled, says } from './validation';

/** How many days before a verification expires its investor is reminded. */
export const KYC_REMINDER_DAYS = 30;
/** The types an identity document may have, and its largest size. */
export const KYC_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const KYC_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** ISO 3166-1 alpha-2: every assigned country code. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
  'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET ' +
  'FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL ' +
  'IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA ' +
  'MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ ' +
  'OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN ' +
  'SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG ' +
  'VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRIES = new Set(COUNTRY_CODES);

/** The investor's answers of an identity check (`PUT /api/kyc`). */
export const kycAnswersInput = z.object({
  dateOfBirth: birthDateInput(labelled('Date of birth', 'validation.calendar_date')).transform((v) =>
    v.slice(0, 10),
  ),
  taxResidence: z
    .string({ error: says('validation.tax_residence_country') })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => COUNTRIES.has(v), { error: says('validation.tax_residence_country') }),
  politicallyExposed: z.boolean({ error: says('validation.politically_exposed_required') }),
  sourceOfFunds: requiredText('Source of funds', 500),
});
export type KycAnswersInput = z.input<typeof kycAnswersInput>;

/** The form fields of an identity document's upload (the file is the part named `file`). */
export const kycDocumentFields = z.object({
  kind: z.enum(KYC_DOCUMENT_KINDS, { error: says('validation.kyc_document_kind') }),
});

export const kycDocumentItem = z.object({
  _id: uuidString,
  kind: z.enum(KYC_DOCUMENT_KINDS),
  fileName: z.string(),
  uploadedAt: z.string(),
});

/** An identity check as its investor (and an admin) sees it. */
export const kycCheck = z.object({
  status: z.enum(KYC_STATUSES),
  dateOfBirth: z.string().nullable(),
  taxResidence: z.string().nullable(),
  politicallyExposed: z.boolean().nullable(),
  sourceOfFunds: z.string().nullable(),
  documents: z.array(kycDocumentItem),
  submittedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type KycCheck = z.infer<typeof kycCheck>;

/** An admin's view of one check: the investor besides the check. */
export const adminKycCheck = kycCheck.extend({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  investorId: z.string().nullable(),
});
export type AdminKycCheck = z.infer<typeof adminKycCheck>;

export const adminKycQuery = z.object({
  status: z.enum(KYC_STATUSES, { error: says('validation.kyc_status') }).optional(),
});

export const userIdParams = z.object({ userId: z.uuid({ error: says('validation.id') }) });

export const kycRejectInput = z.object({ reason: requiredText('Reason', 1000) });

/** Signing a subscription agreement (a simple electronic signature). */
export const signInput = z.object({
  fullName: requiredText('Full name', 200),
  consent: z.literal(true, { error: says('validation.signing_consent_required') }),
  ...holderConfirmation.shape,
});
export type SignInput = z.input<typeof signInput>;

export const signAnswer = z.object({
  subscription: z.object({ _id: uuidString, status: z.string(), signedAt: z.string().nullable() }).loose(),
  document: z.object({ _id: uuidString, sha256: z.string() }),
});
export type SignAnswer = z.infer<typeof signAnswer>;

export const signatureVerifyQuery = z.object({
  sha256: z
    .string({ error: says('validation.sha256_hex') })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, { error: says('validation.sha256_hex') }),
});

export const signatureCheck = z.object({
  signedBy: z.string(),
  signedAt: z.string(),
  subscriptionId: z.string(),
});
export type SignatureCheck = z.infer<typeof signatureCheck>;
