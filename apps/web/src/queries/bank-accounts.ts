import type { BankAccountInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';

/** Sets the signed-in investor's bank account (the current user is read again after). */
export const saveBankAccount = (body: BankAccountInput) => call(endpoints.bankAccounts.set, { body });
