/** Opens the configured database for a command-line script, with the messages a person at a terminal needs. */
import { loadConfig, type Config } from '../config'
import { migrate, openDatabase, type DatabaseHandle } from '../db'
import { DataDirLockedError } from '../db/lock'

/** The configuration from the environment; a bad variable is printed and the command exits with 2. */
export function cliConfig(): Config {
  try {
    return loadConfig(process.env)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
}

/** Opens and migrates the database; prints a clear message and exits when it is locked or misconfigured. */
export async function openCliDatabase(): Promise<{ config: Config; handle: DatabaseHandle }> {
  const config = cliConfig()
  try {
    const handle = await openDatabase(config)
    await migrate(handle)
    return { config, handle }
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message)
      console.error(
        'Állítsd le a szervert, mielőtt a parancsot futtatod. / Stop the server before running this command.',
      )
      process.exit(3)
    }
    throw error
  }
}
