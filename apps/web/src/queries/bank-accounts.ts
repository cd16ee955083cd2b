import type { BankAccountInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';

const e = endpoints.bankAccounts;

/** Sets the signed-in investor's bank account (the screen reads the current user again after). */
export const useSaveBankAccount = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.set, {
    invalidates: [],
    failure,
    mutationFn: (body: BankAccountInput) => call(e.set, { body }),
  });
