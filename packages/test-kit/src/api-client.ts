/** A customer or admin talking to a running shop over HTTP, as the web app does. */
export interface ApiSession {
  token: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function signInOverHttp(
  shopUrl: string,
  email: string,
  password: string,
  options: { signUpAs?: string; origin?: string } = {},
): Promise<ApiSession> {
  // Sign-in forms are accepted only from the shop's own public address.
  const headers = { origin: options.origin ?? shopUrl, 'content-type': 'application/json' };
  const path = options.signUpAs ? '/api/auth/sign-up/email' : '/api/auth/sign-in/email';
  const response = await fetch(`${shopUrl}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, ...(options.signUpAs ? { name: options.signUpAs } : {}) }),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const tokenResponse = await fetch(`${shopUrl}/api/user/${encodeURIComponent(email)}`, {
    method: 'PATCH',
    headers: { ...headers, cookie },
    body: JSON.stringify({ email }),
  });
  const { token } = (await tokenResponse.json()) as { token: string };
  return {
    token,
    async call(method, path, body) {
      const result = await fetch(`${shopUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await result.text();
      return { status: result.status, body: text ? JSON.parse(text) : null };
    },
  };
}
