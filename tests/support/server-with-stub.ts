// A built server of its own, on SQLite or on a fresh PostgreSQL database, writing through the streaming
// AI stub, with one user signed in: what the metrics and tracing specs each start per database.
import { startAiStub, type AiStub } from "./ai-stub-server.ts";
import { createPostgresDatabase } from "./postgres-db.ts";
import { startServer, type ServerProcess } from "./server-process.ts";
import { signInOn } from "./users.ts";

export interface ServerWithStub {
  server: ServerProcess;
  stub: AiStub;
  /** The signed-in user's Cookie header. */
  cookie: string;
  /** Stops the server and the stub, and drops the PostgreSQL database. */
  stop(): Promise<void>;
}

export async function startServerWithStub({ kind, env = {}, user }: { kind: "sqlite" | "postgres"; env?: NodeJS.ProcessEnv; user: { firstName: string; lastName: string; email: string; password: string } }): Promise<ServerWithStub> {
  const stub = await startAiStub({ tokenDelayMs: 1 });
  const database = kind === "postgres" ? await createPostgresDatabase() : undefined;
  const server = await startServer({
    ...env,
    AI_PROVIDER: "openai-compatible",
    AI_BASE_URL: stub.baseUrl,
    AI_API_KEY: "sk-test-key",
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const { cookie } = await signInOn({ ...server, databaseUrl: database?.url }, user);
  return {
    server,
    stub,
    cookie,
    async stop() {
      await server.stop();
      await stub.close();
      await database?.drop();
    },
  };
}
