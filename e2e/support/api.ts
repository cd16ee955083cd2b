import { expect, type APIRequestContext } from '@playwright/test';
import { endpoints, endpointUrl, type Answer, type CallInput, type EndpointDef } from '@portal/contracts';

type Args<E extends EndpointDef> =
  object extends CallInput<E>
    ? [input?: CallInput<E>, token?: string]
    : [input: CallInput<E>, token?: string];

/**
 * Calls an endpoint of the registry from a test, as the web app's client does: the path, method and body
 * (JSON, or a multipart form) from the declaration, the answer typed by its schema. `ok` is false for an
 * error answer, whose body is then the error envelope. JSON answers only: a file is fetched raw from
 * `endpointUrl`.
 */
export async function callApi<E extends EndpointDef>(
  request: APIRequestContext,
  e: E,
  ...[input, token]: Args<E>
) {
  const { body, form } = (input ?? {}) as { body?: unknown; form?: FormData };
  const res = await request.fetch(endpointUrl(e, input as Parameters<typeof endpointUrl>[1]), {
    method: e.method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined && { data: body }),
    ...(form && { multipart: form }),
  });
  const text = await res.text();
  return {
    ok: res.ok(),
    status: res.status(),
    body: (text ? JSON.parse(text) : undefined) as Answer<E>,
    response: res,
  };
}

/** Calls an endpoint whose success the test relies on: fails unless it answers success; the answer. */
export async function callApiOk<E extends EndpointDef>(request: APIRequestContext, e: E, ...args: Args<E>) {
  const res = await callApi(request, e, ...args);
  expect(res.ok, `${e.id} answered ${res.status}: ${JSON.stringify(res.body)}`).toBe(true);
  return res.body;
}

/** The id of a project by its name, as the caller's project list gives it. */
export async function projectIdByName(request: APIRequestContext, token: string, name: string) {
  const { body } = await callApi(request, endpoints.projects.list, {}, token);
  const project = body.data.find((p) => p.name === name);
  if (!project) throw new Error(`No project named ${name}`);
  return project._id;
}
