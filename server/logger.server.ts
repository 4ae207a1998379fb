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

// Query parameters that may carry a credential (an API key put where it must not be: issue 35), and our keys' shape anywhere.
export const secretQueryNames: ReadonlySet<string> = new Set(["api_key", "key", "access_token"]);
const keyShaped = /ss_live_[A-Za-z0-9_%-]+/g;

function decodedName(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " ")).toLowerCase();
  } catch {
    return part.toLowerCase();
  }
}

/** A URL as it may be logged: the values of credential parameters (however encoded) and anything shaped like our API keys replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  const redacted =
    query === -1
      ? url
      : url.slice(0, query + 1) +
        url
          .slice(query + 1)
          .split("&")
          .map((part) => {
            const name = part.split("=", 1)[0]!;
            return secretQueryNames.has(decodedName(name)) ? `${name}=[redacted]` : part;
          })
          .join("&");
  return redacted.includes("ss_live_") ? redacted.replace(keyShaped, "[redacted]") : redacted;
}
