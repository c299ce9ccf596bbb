/** POST /auth/logout: revokes the session on the server (DESIGN §3). */
import { apiRequest } from '../lib/api-client'

export async function logout(): Promise<void> {
  await apiRequest<unknown>('/auth/logout', { method: 'POST', handleUnauthorized: false })
}
