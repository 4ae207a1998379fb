// The data-export worker: exports are prepared as queue items (server/queue: pg-boss on PostgreSQL, so any
// server may prepare one; in-process on SQLite). It writes the ZIP section by section (the progress bar),
// stores it in the row, and mails the owner the download link in the language they asked in.
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { createWorkQueue, type WorkQueue } from "#server/queue/work-queue.server.ts";
import { logger } from "#server/logger.server.ts";
import { actionMail, type Mailer, type MailMessage } from "#server/mail/mail.server.ts";
import { isLocale, translate, type Locale } from "#app/i18n/i18n.ts";
import { claimDataExport, dataExportDownloadPath, failDataExport, finishDataExport, setDataExportProgress } from "./data-exports.server.ts";
import { buildDataExportZip } from "./export-zip.server.ts";
import { dataExportLinkHours } from "./types.ts";

export const dataExportQueueName = "data-exports";

interface ExportMessage {
  exportId: string;
}

export interface DataExportRunner {
  enqueue(exportId: string, userId: string): Promise<void>;
  stop(): Promise<void>;
}

/** The mail that says an export is ready, with its link (valid 24 hours, for the signed-in owner only). */
export function dataExportReadyMail({ config, to, locale, url }: { config: Pick<AppConfig, "publicUrl">; to: string; locale: Locale; url: string }): MailMessage {
  return actionMail({
    to,
    subject: translate(locale, "dataExport.mail.subject"),
    intro: translate(locale, "dataExport.mail.intro"),
    action: translate(locale, "dataExport.mail.action"),
    url: `${config.publicUrl}${url}`,
    outro: translate(locale, "dataExport.mail.outro", { hours: dataExportLinkHours }),
  });
}

/** Prepares one export: claimed, written, stored, mailed. A failure is recorded on the export (the user may ask again). */
export async function prepareDataExport({ db, config, mailer, exportId }: { db: Db; config: AppConfig; mailer: Mailer; exportId: string }): Promise<void> {
  const claimed = await claimDataExport({ db, id: exportId });
  if (!claimed) return;
  const log = logger.child({ exportId, userId: claimed.userId });
  let ready;
  try {
    const zip = await buildDataExportZip({ db, userId: claimed.userId, onSection: (done) => setDataExportProgress({ db, id: exportId, progress: done }) });
    ready = await finishDataExport({ db, id: exportId, zip });
    log.info({ bytes: zip.byteLength }, "data export ready");
  } catch (error) {
    log.error({ err: error }, "data export failed");
    await failDataExport({ db, id: exportId, error: "The export could not be prepared." });
    return;
  }
  if (!ready?.expiresAt) return;
  const user = await db.selectFrom("user").select("email").where("id", "=", claimed.userId).executeTakeFirst();
  if (!user) return;
  const locale: Locale = isLocale(claimed.locale) ? claimed.locale : "en";
  try {
    await mailer.send(dataExportReadyMail({ config, to: user.email, locale, url: dataExportDownloadPath({ secret: config.sessionSecret, id: exportId, userId: claimed.userId, expiresAt: ready.expiresAt }) }));
  } catch (error) {
    // The export stays ready: the settings card offers the same download.
    log.error({ err: error }, "could not mail the data export link");
  }
}

export async function startDataExportRunner({ db, config, mailer, work = true }: { db: Db; config: AppConfig; mailer: Mailer; work?: boolean }): Promise<DataExportRunner> {
  const queue: WorkQueue<ExportMessage> = await createWorkQueue<ExportMessage>({
    db,
    config,
    options: {
      name: dataExportQueueName,
      // Exports read a lot and write one blob: two at a time per server, one per user across servers.
      localConcurrency: 2,
      groupConcurrency: { default: 1, tiers: { user: 1 } },
      retryLimit: 2,
      retryDelaySeconds: 5,
      heartbeatSeconds: 60,
    },
  });
  if (work) await queue.work(({ exportId }) => prepareDataExport({ db, config, mailer, exportId }));
  return {
    enqueue: (exportId, userId) => queue.send([{ data: { exportId }, group: { id: userId, tier: "user" } }]),
    stop: () => queue.stop(),
  };
}

let current: DataExportRunner | undefined;

export function getDataExportRunner(): DataExportRunner {
  if (!current) throw new Error("the data export runner has not started");
  return current;
}

/** The server's runner (server/app.ts starts and stops it). */
export async function startServerDataExportRunner(options: { db: Db; config: AppConfig; mailer: Mailer }): Promise<DataExportRunner> {
  current ??= await startDataExportRunner(options);
  return current;
}

export async function stopServerDataExportRunner(): Promise<void> {
  const runner = current;
  current = undefined;
  await runner?.stop();
}
