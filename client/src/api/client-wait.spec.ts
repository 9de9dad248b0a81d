/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import { api, errorMessage } from './client';

describe('the api client and a 429', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => (globalThis.fetch = realFetch));

  const answer = (headers: Record<string, string>) => {
    globalThis.fetch = jest.fn(async () => new Response(JSON.stringify({ statusCode: 429, error: 'Too many attempts. Please try again later.', requestId: 'r' }), { status: 429, headers: { 'Content-Type': 'application/json', ...headers } }));
  };

  it("gives the server's message with the wait its Retry-After names", async () => {
    answer({ 'Retry-After': '840' });
    const { error, response } = await api.POST('/api/auth/login', { body: { email: 'jane@example.com', password: 'wrong-password', rememberMe: false } });
    expect(response.status).toBe(429);
    expect(errorMessage(error, 'Login failed')).toBe('Too many attempts. Please try again in 14 minutes.');
  });

  it('leaves the message as it is without a Retry-After', async () => {
    answer({});
    const { error } = await api.POST('/api/auth/login', { body: { email: 'jane@example.com', password: 'wrong-password', rememberMe: false } });
    expect(errorMessage(error, 'Login failed')).toBe('Too many attempts. Please try again later.');
  });
});
