/**
 * The rule for a password a person chooses for themselves (issue 11): its length, said here so the forms can tell
 * before sending, and the Hungarian messages of the whole rule. The server is the authority: it also refuses
 * common and guessable passwords (server/lib/password-strength.ts, zxcvbn with its maintained lists).
 */
import { LIMITS } from './limits'

export const PASSWORD_MESSAGES = {
  tooShort: `A jelszónak legalább ${LIMITS.passwordMin} karakter hosszúnak kell lennie.`,
  tooLong: `A jelszó legfeljebb ${LIMITS.passwordMax} karakter lehet.`,
  /** zxcvbn found it in a list of common passwords, or guessable from a pattern, a name or the username. */
  tooWeak:
    'Ez a jelszó túl gyenge vagy túl gyakori, könnyen kitalálható. Válassz hosszabbat, például több szóból álló kifejezést.',
  sameAsCurrent: 'Az új jelszó nem egyezhet meg a jelenlegivel.',
  currentRequired: 'Kérlek add meg a jelenlegi jelszavadat.',
  currentWrong: 'A jelenlegi jelszó hibás.',
  newRequired: 'Kérlek add meg az új jelszót.',
  confirmRequired: 'Kérlek add meg még egyszer az új jelszót.',
  mismatch: 'A két új jelszó nem egyezik.',
  changed: 'Jelszó sikeresen megváltoztatva.',
  changedOthersEnded: 'Jelszó sikeresen megváltoztatva. A többi eszközödön kijelentkeztettünk.',
  changeFailed: 'Hiba történt a jelszó módosítása során.',
  /** The 403 every other API call gets while the account still has a one-time password. */
  changeRequired: 'Egyszer használatos jelszóval jelentkeztél be: előbb állíts be saját jelszót.',
} as const

/** The `reason` of the 403 an account with a one-time password gets from every other API call. */
export const PASSWORD_CHANGE_REQUIRED = 'passwordChangeRequired'

/** Characters, not UTF-16 units: 'árvíztűrő' counts 9. */
export const passwordLength = (password: string): number => [...password].length

/** The length rule's message, or null when the length is right. */
export function passwordLengthProblem(password: string): string | null {
  const length = passwordLength(password)
  if (length < LIMITS.passwordMin) return PASSWORD_MESSAGES.tooShort
  if (length > LIMITS.passwordMax) return PASSWORD_MESSAGES.tooLong
  return null
}
