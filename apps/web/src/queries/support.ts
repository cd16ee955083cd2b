import { useQuery } from '@tanstack/react-query';
import type { Answer, SupportContactInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { useAuth } from '@/queries/session';
import { call, endpointQuery, queryKey } from '@/lib/endpoint-client';
import { useWrite, type WriteCallbacks } from './write';

const e = endpoints.support;

/** The key of the support contact the investors' chat button reads. */
export const supportContactKey = queryKey(e.contact);
/** The key of the admin setting. */
export const supportSettingKey = queryKey(e.settings);

/** The support contact an admin set (`GET /api/support-contact`); null where not set. */
export function useSupportContact() {
  const { status } = useAuth();
  return useQuery({
    ...endpointQuery(e.contact, {}, (a) => a.data),
    enabled: status === 'authenticated',
    staleTime: 5 * 60_000,
  });
}

/** The admin setting behind it. */
export function useSupportSetting() {
  return useQuery(endpointQuery(e.settings, {}, (a) => a.data));
}

export const useSetSupportSetting = (
  cb?: WriteCallbacks<Answer<typeof e.setSettings>, SupportContactInput>,
) => useWrite(e.setSettings, (body) => call(e.setSettings, { body }), cb);
