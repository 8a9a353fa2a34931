/**
 * undici's `Pool`, loaded without undici's index. The index also loads
 * fetch, WebSocket, the caches and the mock agents, and its cookie module
 * reads `globalThis.Headers`, which makes Node load its own bundled copy of
 * undici as well: ~14 MB of RSS at start-up that toolmend never uses. The
 * two requires below are what the index does for a pool: the class, and
 * the request API it puts on every dispatcher.
 */
import { createRequire } from "node:module";
import type { Dispatcher as DispatcherClass, Pool as PoolClass } from "undici";

const require = createRequire(import.meta.url);
const Dispatcher = require("undici/lib/dispatcher/dispatcher.js") as typeof DispatcherClass;
Object.assign(Dispatcher.prototype, require("undici/lib/api/index.js") as object);

export const Pool = require("undici/lib/dispatcher/pool.js") as typeof PoolClass;
export type Pool = PoolClass;
