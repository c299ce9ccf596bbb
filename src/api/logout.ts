/** POST /auth/logout: revokes the session on the server (DESIGN §3). */
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../lib/api-client'

export async function logout(): Promise<void> {
  await apiRequest<unknown>('/auth/logout', { method: 'POST', handleUnauthorized: false })
}

export function useLogout() {
  return useMutation({ mutationFn: logout })
}
