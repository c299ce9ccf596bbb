/**
 * `npm run users -- add|passwd --one-time` (issue 11): the account must set its own password at the first sign-in;
 * a `--password` without `--one-time` is kept as it is (scripts and the demo seed rely on that).
 */
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db'
import { verifyPassword } from '../lib/password'
import { findUserByUsername } from '../repositories/users-repository'
import { drivers, tempDir, throwawayPostgresDatabase } from '../test/build'
import { removeDir, usersCli } from '../../tests/support/server'

describe.each(drivers)('users CLI --one-time on %s', (driver) => {
  const dataDir = tempDir('portal-cli-')
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}
  const cli = async (args: string[]) => {
    if (driver === 'postgres' && !databaseUrl) {
      const database = await throwawayPostgresDatabase()
      databaseUrl = database.url
      dropDatabase = database.drop
    }
    return usersCli(join(dataDir, 'data'), args, { PASSWORD_HASH_LOG_N: '10', DATABASE_URL: databaseUrl })
  }
  const user = async (username: string) => {
    const handle = await openDatabase({ DATA_DIR: join(dataDir, 'data'), DATABASE_URL: databaseUrl ?? null })
    try {
      return await findUserByUsername(handle.db, username)
    } finally {
      await handle.close()
    }
  }

  afterAll(async () => {
    await dropDatabase()
    removeDir(dataDir)
  })

  it('marks add --one-time, keeps a plain --password, and passwd --one-time generates and prints one', async () => {
    const added = await cli([
      'add',
      '--type',
      'teacher',
      '--name',
      'Egyszeri Endre',
      '--username',
      'egyszeri',
      '--password',
      'Kezdo-jelszo-1',
      '--one-time',
    ])
    expect(added.stdout).toContain('egyszer használatos')
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
    const reset = await cli(['passwd', '--username', 'egyszeri', '--one-time'])
    const generated = reset.stdout.match(/egyszer használatos jelszó: (\S+)\./)?.[1]
    expect(generated).toMatch(/^[A-Za-z0-9]{16}$/)

    const oneTime = await user('egyszeri')
    expect(oneTime?.passwordOneTime).toBe(true)
    expect(await verifyPassword(generated!, oneTime!.passwordHash)).toBe(true)
    const kept = await user('marad')
    expect(kept?.passwordOneTime).toBe(false)
    expect(await verifyPassword('Marad-1234', kept!.passwordHash)).toBe(true)

    // passwd without --one-time clears the mark: the operator chose a password to keep.
    await cli(['passwd', '--username', 'egyszeri', '--password', 'Sajat-jelszo-99'])
    expect((await user('egyszeri'))?.passwordOneTime).toBe(false)
  }, 180_000)

  it('refuses --one-time on other commands', async () => {
    await expect(cli(['disable', '--username', 'marad', '--one-time'])).rejects.toThrow(/--one-time/)
  }, 60_000)
})
