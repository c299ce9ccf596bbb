/** Initials of a student (spec §2): the first letters of the first two words of the name, upper-case. */
export function studentInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase('hu')
}
