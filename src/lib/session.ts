/** The session token and the pending-MFA token live in localStorage because the spec says so (§3). */
const TOKEN_KEY = 'token'
const MFA_TOKEN_KEY = 'mfa_token'
/** Set while the signed-in account still has a one-time password (issue 11): the app shows only the screen to set one. */
const PASSWORD_CHANGE_KEY = 'password_change_required'

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY)
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token)
}

export function removeToken(): void {
  localStorage.removeItem(TOKEN_KEY)
}

export function getMfaToken(): string | null {
  return localStorage.getItem(MFA_TOKEN_KEY)
}

export function setMfaToken(token: string): void {
  localStorage.setItem(MFA_TOKEN_KEY, token)
}

export function removeMfaToken(): void {
  localStorage.removeItem(MFA_TOKEN_KEY)
}

export function passwordChangeRequired(): boolean {
  return localStorage.getItem(PASSWORD_CHANGE_KEY) === '1'
}

export function setPasswordChangeRequired(required: boolean): void {
  if (required) localStorage.setItem(PASSWORD_CHANGE_KEY, '1')
  else localStorage.removeItem(PASSWORD_CHANGE_KEY)
}
