/**
 * The strength half of the password rule (issue 11), on the server only: zxcvbn-ts with its maintained common
 * dictionaries (the most used passwords, names, Wikipedia words, keyboard patterns) — never a hand-typed list.
 * A password scoring under MIN_SCORE (2 of 4 means "guessable in about 10^8 tries") is refused, as is one built
 * from the account's own name or username. The length rule comes first (contract/password-rule.ts).
 */
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_MESSAGES, passwordLengthProblem } from '@contract/password-rule'

/** zxcvbn's 0–4 score a password must reach: 3 means at least about 10^8 guesses (zxcvbn: "safely unguessable"). */
export const MIN_SCORE = 3

let configured = false
function configure(): void {
  if (configured) return
  zxcvbnOptions.setOptions({ dictionary, graphs: adjacencyGraphs })
  configured = true
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** 'Kovács Anna' → itself, 'kovacs anna', 'kovacsanna', 'kovács', 'kovacs', 'anna', …: what a person builds on. */
function variants(input: string): string[] {
  const words = input.split(/[\s._@-]+/).filter(Boolean)
  return [input, plain(input), words.join(''), plain(words.join('')), ...words, ...words.map(plain)]
}

/**
 * Why `password` may not be chosen, or null when it may. `userInputs` are words an attacker knows about the
 * account (username, name): a password made of them scores low.
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  const length = passwordLengthProblem(password)
  if (length) return length
  configure()
  const inputs = [...new Set(userInputs.flatMap(variants))].filter((w) => w.length > 2)
  // zxcvbn's cost grows with length; the first 100 characters decide the score of any sane password.
  const { score } = zxcvbn(password.slice(0, 100), inputs)
  return score < MIN_SCORE ? PASSWORD_MESSAGES.tooWeak : null
}
