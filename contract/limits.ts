/** Validation limits shared by the forms and the server. */
export const LIMITS = {
  usernameMax: 64,
  nameMax: 120,
  passwordMin: 8,
  passwordMax: 256,
  emailMax: 254,
  mfaCodeLength: 6,
  /** Seconds a login's MFA code stays valid: the spec's 15-minute countdown. */
  mfaTtlSeconds: 900,
  mfaMaxAttempts: 5,
  alertMax: 1000,
  noteMax: 2000,
  settingsBodyBytes: 64 * 1024,
  /** Largest JSON body the API accepts. */
  bodyLimitBytes: 256 * 1024,
} as const

/** Business constants of spec §9. */
export const TIMING = {
  settingsSaveDebounceMs: 1000,
  slowLoadHintMs: 5000,
  toastMs: 5000,
  searchDebounceMs: 150,
} as const

export const FUZZY_THRESHOLD = 0.3
