/**
 * The app's version as a bug report carries it: package.json's "version". A named import of a JSON file: Vite
 * bundles only this one field (JSON named exports are tree-shaken), so nothing else of package.json ships.
 */
import { version } from '../../../package.json'

export const APP_VERSION: string = version
