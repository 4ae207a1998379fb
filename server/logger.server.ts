import pino from "pino";
import { getConfig } from "./config.server.ts";

const config = getConfig();

const options: pino.LoggerOptions = {
  level: config.logLevel,
  redact: {
    paths: ["password", "*.password", "newPassword", "*.newPassword", "req.headers.cookie", "headers.cookie", "*.apiKey", "*.token"],
    censor: "[redacted]",
  },
};

/** JSON logs in production and tests; pretty, human-readable lines in development (a stream, not a worker transport, so it also runs under Vite). */
// pino-pretty (30 modules) is imported only where it is used: production never loads it (docs/decisions/021).
export const logger =
  config.isProduction || config.env === "test"
    ? pino(options)
    : pino(options, (await import("pino-pretty")).default({ colorize: true, translateTime: "SYS:HH:MM:ss" }));
