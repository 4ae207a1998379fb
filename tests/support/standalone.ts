// Shared by the stand-in servers (smtp-sink.ts, oidc-server.ts) when they run as their own process.
import { pathToFileURL } from "node:url";

/** True when `moduleUrl` is the script Node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && moduleUrl === pathToFileURL(entry).href;
}

export function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

/** Closes the server on SIGTERM or SIGINT and exits (0 when it closed, 1 when closing failed). */
export function closeOnSignal(name: string, close: () => Promise<void>): void {
  const shutdown = (signal: NodeJS.Signals) => {
    console.log(`${name}: ${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${name}: error while closing:`, error);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
