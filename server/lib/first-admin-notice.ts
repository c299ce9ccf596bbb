/**
 * The first administrator's one-time password, as `npm start` prints it (issue 18): after the server listens, as the
 * last lines of the start, in a frame, so it is not lost among the build's output. Printed once, to stdout and not
 * to the log: it is never stored anywhere in clear text.
 */
export function firstAdminNotice(password: string, url: string): string {
  const lines = [
    'Első indítás: rendszergazda létrehozva / First start: administrator created',
    '',
    `  cím / address: ${url}`,
    '  felhasználónév / username: admin',
    // One space after each colon: scripts and tests/support read these two forms.
    `  egyszer használatos jelszó: ${password}`,
    `  one-time password: ${password}`,
    '',
    'Az első bejelentkezéskor saját jelszót kell megadni. / Set your own password at the first sign-in.',
  ]
  const width = Math.max(...lines.map((line) => line.length))
  const rule = `+${'-'.repeat(width + 2)}+`
  return ['', rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ''].join('\n') + '\n'
}
