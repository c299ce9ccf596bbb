/** Decorates the app with the database handle; closes it with the app when the app opened it. */
import fp from 'fastify-plugin'
import type { DatabaseHandle } from '@server/db'

export interface DbPluginOptions {
  handle: DatabaseHandle
  closeWithApp: boolean
}

export default fp<DbPluginOptions>(
  async (app, { handle, closeWithApp }) => {
    app.decorate('db', handle.db)
    app.decorate('dbDriver', handle.driver)
    if (closeWithApp) app.addHook('onClose', async () => handle.close())
  },
  { name: 'db' },
)
