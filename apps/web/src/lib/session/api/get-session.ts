import { identityRequest } from '../../api-client.ts';

/** The signed-in identity as the identity service describes it (product.md, "Things the shop keeps": the login session). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

interface IdentitySession {
  user: SessionUser;
}

/** GET /api/auth/get-session: null when nobody is signed in on this browser. */
export function getSession(): Promise<IdentitySession | null> {
  return identityRequest<IdentitySession | null>('/get-session');
}
