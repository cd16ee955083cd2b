import type { Answer, SupportContactInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { useAuth } from '@/queries/session';
import { call, queryKey } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type EndpointMutationOptions } from '@/lib/endpoint-hooks';

const e = endpoints.support;

/** The key of the support contact the investors' chat button reads. */
export const supportContactKey = queryKey(e.contact);
/** The key of the admin setting. */
export const supportSettingKey = queryKey(e.settings);

/** The support contact an admin set (`GET /api/support-contact`); null where not set. */
export function useSupportContact() {
  const { status } = useAuth();
  return useEndpointQuery(
    e.contact,
    {},
    { select: (a) => a.data, enabled: status === 'authenticated', staleTime: 5 * 60_000 },
  );
}

/** The admin setting behind it. */
export function useSupportSetting() {
  return useEndpointQuery(e.settings, {}, { select: (a) => a.data });
}

export const useSetSupportSetting = (
  options?: EndpointMutationOptions<Answer<typeof e.setSettings>, SupportContactInput>,
) => useEndpointMutation(e.setSettings, { mutationFn: (body) => call(e.setSettings, { body }), ...options });
