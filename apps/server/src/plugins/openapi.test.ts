import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';

const ctx = useTestApp();

describe('GET /api/openapi.json', () => {
  it('describes every API route from the zod schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Investor Portal API');
    const paths = Object.keys(doc.paths);
    for (const p of ['/api/auth/login', '/api/users/me', '/api/projects', '/api/notifications'])
      expect(paths).toContain(p);
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(doc.paths['/api/users/me'].get.responses['200']).toBeDefined();
    expect(paths).not.toContain('/api/openapi.json');
  });
});
