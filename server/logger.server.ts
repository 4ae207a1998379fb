import pino from "pino";
import { getConfig } from "./config.server.ts";

const config = getConfig();

/** JSON logs in production; pretty, human-readable lines in development. */
export const logger = pino({
  level: config.logLevel,
  redact: {
    paths: ["password", "*.password", "newPassword", "*.newPassword", "req.headers.cookie", "headers.cookie", "*.apiKey", "*.token"],
    censor: "[redacted]",
  },
  ...(config.isProduction || config.env === "test"
    ? {}
    : { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss" } } }),
});
