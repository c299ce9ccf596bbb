/** POST /auth/login {username, password}: a session token, or a temporary token when mfa is true. */
import type { LoginRequest, LoginResponse } from '../../contract/api'
import { apiRequest } from '../lib/api-client'

/** A 401 here means wrong credentials, not a lost session: the 401 rule does not apply. */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  return (
    await apiRequest<LoginResponse>('/auth/login', {
      method: 'POST',
      body: credentials,
      token: null,
      handleUnauthorized: false,
    })
  ).data
}
