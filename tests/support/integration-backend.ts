// What an integration test file needs before its tests, made once per database kind and removed after
// them: a fresh database (tests/support/test-db.ts), Better Auth over it and, when asked, the AI stub
// and the bulk-job runner writing through it.
import { afterAll, beforeAll } from "vitest";
import { createAuth, type Auth } from "#app/features/auth/auth.server.ts";
import type { JobRunner } from "#app/features/jobs/job-runner.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import { startAiStub, type AiStub } from "./ai-stub-server.ts";
import { signUpUser, type SignedUp, type SignUpOptions } from "./sign-up.ts";
import { createTestDb, stubAiConfig, type TestDatabaseKind, type TestDb } from "./test-db.ts";

export interface IntegrationBackend {
  testDb: TestDb;
  /** Better Auth over the test database, with its configuration. */
  auth: Auth;
  /** The test database's configuration; with `aiStub`, its AI is the stub (OpenAI-compatible); with `jobRunner`, its jobs' settings too. */
  config: AppConfig;
  /** The AI stub, when `aiStub` was given. */
  stub: AiStub;
  /** The bulk-job runner, when `jobRunner` was given (stopped after the tests, before the stub and the database). */
  runner: JobRunner;
  /** Signs a user up through `auth` (tests/support/sign-up.ts) and finds the personal workspace the sign-up made. */
  signUp(options?: SignUpOptions): Promise<SignedUp & { workspaceId: string }>;
}

export interface IntegrationBackendOptions {
  /** Starts the AI stub with these options (closed after the tests). */
  aiStub?: Parameters<typeof startAiStub>[0];
  /** Starts the bulk-job runner with these jobs' settings (needs `aiStub`). */
  jobRunner?: AppConfig["jobs"] & { workerId: string; sweepEveryMs: number };
}

/**
 * Registers the beforeAll that makes the backend and the afterAll that removes it; the fields returned stand
 * for what beforeAll made (describe bodies run before it), so read them inside hooks and tests only.
 * Hooks the caller registers after this one run after it, and their afterAll before its.
 */
export function useIntegrationBackend(kind: TestDatabaseKind, { aiStub, jobRunner }: IntegrationBackendOptions = {}): IntegrationBackend {
  let made: Partial<IntegrationBackend> = {};
  beforeAll(async () => {
    const testDb = await createTestDb(kind);
    const auth = createAuth({ config: testDb.config, db: testDb.db, mailer: testDb.mailer });
    const stub = aiStub && (await startAiStub(aiStub));
    let config = stub ? stubAiConfig(testDb, stub.baseUrl, "openai-compatible") : testDb.config;
    made = { testDb, auth, stub, config };
    if (jobRunner) {
      const { workerId, sweepEveryMs, ...jobs } = jobRunner;
      // Imported only here: most files need no queue engine (pg-boss) loaded.
      const { startJobRunner } = await import("#app/features/jobs/job-runner.server.ts");
      made.config = config = { ...config, jobs };
      made.runner = await startJobRunner({ db: testDb.db, config, workerId, sweepEveryMs });
    }
  });
  afterAll(async () => {
    await made.runner?.stop();
    await made.stub?.close();
    await made.testDb?.destroy();
  });
  const testDb = madeLater("testDb", () => made.testDb);
  const auth = madeLater("auth", () => made.auth);
  return {
    testDb,
    auth,
    config: madeLater("config", () => made.config),
    stub: madeLater("stub", () => made.stub),
    runner: madeLater("runner", () => made.runner),
    async signUp(options) {
      const signedUp = await signUpUser(auth, options);
      const { workspaceId } = await getActiveMembership({ db: testDb.db, user: signedUp.user });
      return { ...signedUp, workspaceId };
    },
  };
}

/** Reads through to the value `current` gives at each use: the value itself does not exist yet. */
function madeLater<T extends object>(name: string, current: () => T | undefined): T {
  const value = () => {
    const found = current();
    if (!found) throw new Error(`the integration backend's ${name} is made in beforeAll (or was not asked for): use it inside a hook or a test`);
    return found;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(value(), key),
    set: (_, key, field) => Reflect.set(value(), key, field),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
