/**
 * `npm run users -- add|passwd --one-time` (issue 11): the account must set its own password at the first sign-in;
 * a `--password` without `--one-time` is kept as it is (scripts and the demo seed rely on that). Each run of the
 * CLI opens the database anew (PGlite: seconds), so one sequence checks it all.
 */
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db'
import { verifyPassword } from '../lib/password'
import { findUserByUsername } from '../repositories/users-repository'
import { drivers, tempDir, throwawayPostgresDatabase } from '../test/build'
import { removeDir, usersCli } from '../../tests/support/server'

const ONE_TIME = '(egyszer használatos jelszó)'

describe.each(drivers)('users CLI --one-time on %s', (driver) => {
  const dataDir = join(tempDir('portal-cli-'), 'data')
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}
  const cli = async (args: string[]) => {
    if (driver === 'postgres' && !databaseUrl) {
      const database = await throwawayPostgresDatabase()
      databaseUrl = database.url
      dropDatabase = database.drop
    }
    return usersCli(dataDir, args, { PASSWORD_HASH_LOG_N: '10', DATABASE_URL: databaseUrl })
  }

  afterAll(async () => {
    await dropDatabase()
    removeDir(join(dataDir, '..'))
  })

  it('marks add --one-time, keeps a plain --password, generates with passwd --one-time, clears with a plain passwd', async () => {
    const add = ['add', '--type', 'teacher', '--name', 'Egyszeri Endre', '--username', 'egyszeri']
    expect((await cli([...add, '--password', 'Kezdo-jelszo-1', '--one-time'])).stdout).toContain(
      'egyszer használatos',
    )
    await cli([
      'add',
      '--type',
      'student',
      '--name',
      'Marad Mária',
      '--username',
      'marad',
      '--password',
      'Marad-1234',
    ])
    let list = (await cli(['list'])).stdout
    expect(list).toContain(`Egyszeri Endre ${ONE_TIME}`)
    expect(list).toMatch(/marad .*Marad Mária\n/)

    const reset = await cli(['passwd', '--username', 'marad', '--one-time'])
    const generated = reset.stdout.match(/egyszer használatos jelszó: (\S+)\./)?.[1]
    expect(generated).toMatch(/^[A-Za-z0-9]{16}$/)
    await cli(['passwd', '--username', 'egyszeri', '--password', 'Sajat-jelszo-99'])
    list = (await cli(['list'])).stdout
    expect(list).toMatch(/egyszeri .*Egyszeri Endre\n/)
    expect(list).toContain(`Marad Mária ${ONE_TIME}`)

    const handle = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? null })
    try {
      const marad = await findUserByUsername(handle.db, 'marad')
      expect(await verifyPassword(generated!, marad!.passwordHash)).toBe(true)
      const egyszeri = await findUserByUsername(handle.db, 'egyszeri')
      expect(await verifyPassword('Sajat-jelszo-99', egyszeri!.passwordHash)).toBe(true)
    } finally {
      await handle.close()
    }
  }, 400_000)

  it('refuses --one-time on other commands', async () => {
    await expect(cli(['disable', '--username', 'marad', '--one-time'])).rejects.toThrow(/--one-time/)
  }, 60_000)
})
