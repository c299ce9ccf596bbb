/** POST /auth/mfa {code} with the temporary token: the session token. */
import type { MfaResponse } from '@contract/api'
import { apiRequest } from '../lib/api-client'

export async function submitMfa({
  code,
  mfaToken,
}: {
  code: string
  mfaToken: string | null
}): Promise<MfaResponse> {
  return (
    await apiRequest<MfaResponse>('/auth/mfa', {
      method: 'POST',
      body: { code },
      token: mfaToken,
      handleUnauthorized: false,
    })
  ).data
}
