/**
 * `npm run users -- <command>`: manage accounts from the command line.
 *
 *   add --type teacher|student|admin --name "…" --username … --password … [--one-time]
 *   import FILE.csv|FILE.xlsx          (header: type,name,username,password)
 *   passwd --username … --password … [--one-time]  (ends that user's sessions)
 *
 * A `--password` is kept as it is. With `--one-time` its owner must set their own password at the first sign-in
 * (issue 11); `--one-time` without `--password` generates one and prints it once.
 *   disable --username …               (ends that user's sessions)
 *   enable --username …
 *   mfa-off --username …
 *   list [--type …]
 */
import { parseArgs } from 'node:util'
import { LIMITS } from '@contract/limits'
import { USER_TYPES, type UserType } from '@contract/features'
import {
  clearMfa,
  createUser,
  DuplicateUsernameError,
  listUsers,
  setDisabled,
  setPassword,
} from '../repositories/users-repository'
import { HttpError } from '../lib/http-error'
import { randomPassword } from '../lib/password'
import { openCliDatabase } from './open-cli-database'
import { readUserFile } from '../lib/user-file'

const USAGE = `Használat / usage: npm run users -- <parancs>
  add --type teacher|student|admin --name "Név" --username felhasznalo --password jelszo [--one-time]
  import FÁJL.csv|FÁJL.xlsx   (oszlopok: type,name,username,password)
  passwd --username felhasznalo --password ujjelszo [--one-time]
    --one-time: egyszer használatos jelszó, az első bejelentkezéskor sajátot kell beállítani;
                --password nélkül a program generál egyet és egyszer kiírja.
  disable --username felhasznalo
  enable --username felhasznalo
  mfa-off --username felhasznalo
  list [--type teacher|student|admin]`

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function checkPassword(password: string | undefined): string {
  if (!password) fail('Hiányzó --password.')
  if (password.length < LIMITS.passwordMin)
    fail(`A jelszónak legalább ${LIMITS.passwordMin} karakter hosszúnak kell lennie.`)
  return password
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      type: { type: 'string' },
      name: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      'one-time': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, file] = positionals
  if (!command || values.help) {
    console.log(USAGE)
    process.exit(command ? 0 : 1)
  }
  const known = ['add', 'import', 'passwd', 'disable', 'enable', 'mfa-off', 'list']
  if (!known.includes(command)) fail(`Ismeretlen parancs: ${command}\n${USAGE}`)
  const needsUsername = ['passwd', 'disable', 'enable', 'mfa-off'].includes(command)
  if (needsUsername && !values.username) fail('Hiányzó --username.')
  if (command === 'import' && !file) fail('Add meg az importálandó fájlt.')
  const oneTime = values['one-time'] === true
  if (oneTime && command !== 'add' && command !== 'passwd')
    fail('A --one-time csak az add és a passwd parancshoz adható.')
  // A generated one-time password is printed once, below, after it was stored.
  const generated = oneTime && values.password === undefined ? randomPassword(16) : null
  if (generated) values.password = generated
  if (command === 'add') {
    if (!USER_TYPES.includes(values.type as UserType))
      fail('A --type értéke teacher, student vagy admin lehet.')
    if (!values.name?.trim() || !values.username?.trim()) fail('Hiányzó --name vagy --username.')
    checkPassword(values.password)
  }
  if (command === 'passwd') checkPassword(values.password)
  const oneTimeNote = oneTime
    ? generated
      ? `; egyszer használatos jelszó: ${generated}`
      : '; egyszer használatos jelszó, az első bejelentkezéskor sajátot kell beállítani'
    : ''

  const { config, handle } = await openCliDatabase()
  const hash = { logN: config.PASSWORD_HASH_LOG_N }
  try {
    switch (command) {
      case 'add': {
        const user = await createUser(
          handle.db,
          {
            type: values.type as UserType,
            name: values.name!,
            username: values.username!,
            password: values.password!,
            oneTime,
          },
          hash,
        )
        console.log(`Létrehozva: ${user.username} (${user.type})${oneTimeNote}`)
        break
      }
      case 'import': {
        const { rows, problems } = await readUserFile(file!)
        let created = 0
        for (const row of rows) {
          if (row.password.length < LIMITS.passwordMin) {
            problems.push({ line: row.line, message: 'Túl rövid jelszó' })
            continue
          }
          try {
            await createUser(handle.db, row, hash)
            created++
          } catch (error) {
            if (!(error instanceof DuplicateUsernameError)) throw error
            problems.push({ line: row.line, message: `Foglalt felhasználónév: ${row.username}` })
          }
        }
        for (const p of problems.sort((a, b) => a.line - b.line))
          console.error(`${file}:${p.line}: ${p.message}`)
        console.log(`${created} fiók létrehozva, ${problems.length} sor kihagyva.`)
        if (problems.length) process.exitCode = 1
        break
      }
      case 'passwd': {
        const user = await setPassword(handle.db, values.username!, values.password!, { ...hash, oneTime })
        if (!user) fail(`Nincs ilyen felhasználó: ${values.username}`)
        console.log(`Jelszó beállítva: ${user.username}; a munkamenetei véget értek${oneTimeNote}.`)
        break
      }
      case 'disable':
      case 'enable': {
        if (!(await setDisabled(handle.db, values.username!, command === 'disable')))
          fail(`Nincs ilyen felhasználó: ${values.username}`)
        console.log(
          command === 'disable' ? `Letiltva: ${values.username}` : `Engedélyezve: ${values.username}`,
        )
        break
      }
      case 'mfa-off': {
        if (!(await clearMfa(handle.db, values.username!)))
          fail(`Nincs ilyen felhasználó: ${values.username}`)
        console.log(`Többfaktoros hitelesítés kikapcsolva: ${values.username}`)
        break
      }
      case 'list': {
        for (const user of await listUsers(handle.db, values.type as UserType | undefined))
          console.log(
            `${user.type.padEnd(8)} ${user.username.padEnd(24)} ${user.name}${user.disabled ? ' (letiltva)' : ''}${
              user.passwordOneTime ? ' (egyszer használatos jelszó)' : ''
            }`,
          )
        break
      }
    }
  } catch (error) {
    if (error instanceof DuplicateUsernameError) fail(`Foglalt felhasználónév: ${error.username}`)
    // The import file's refusals (kind of file, unreadable, a limit broken) in their Hungarian words.
    if (error instanceof HttpError) fail(`${file}: ${error.message}`)
    throw error
  } finally {
    await handle.close()
  }
}

await main()
