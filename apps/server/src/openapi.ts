import { allEndpoints, openApiDocument } from '@portal/contracts';

let document: ReturnType<typeof openApiDocument> | undefined;

/** The API's OpenAPI document, derived once from the registry (served at GET /api/openapi.json). */
export function apiDocument() {
  document ??= openApiDocument(allEndpoints, {
    title: 'Investor Portal API',
    version: '1.0.0',
    description:
      'Investors follow their holiday-cabin investments, returns and perks; administrators run the projects. ' +
      'Endpoints with a security requirement need `Authorization: Bearer <accessToken>` from sign-in; ' +
      'errors answer `{ success: false, message, error, code }` (`code`: stable, `<namespace>.<name>`).',
  });
  return document;
}
