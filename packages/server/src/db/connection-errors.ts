// Errors that mean «the connection to the database went away», not «the query was wrong»: PostgreSQL terminated the
// backend (restart, failover, pg_terminate_backend), the network dropped, or the server refused to connect. The
// request meets them through no fault of its own, and the pool opens fresh connections for the next ones, so they
// are answered 503 with Retry-After (a client or balancer tries again), never 500.

/** SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: shutdown, crash, cannot connect). */
const CONNECTION_STATES = /^(?:08\d{3}|57P0[1-4])$/;
/** node-postgres' own messages for a connection lost under it, and the sockets' codes. */
const CONNECTION_MESSAGES = /Connection terminated|connection error and is not queryable|Client was closed/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

export function isDatabaseConnectionLost(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError) with the original as `cause`.
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_STATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
