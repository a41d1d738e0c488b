import pino from "pino";
import { getConfig } from "./config";

let logger: pino.Logger | undefined;

/** JSON logs in production, pretty lines in development, silent-ish in tests. */
export function getLogger(): pino.Logger {
  if (logger) return logger;
  const config = getConfig();
  logger = pino({
    level: config.LOG_LEVEL,
    ...(config.NODE_ENV === "development"
      ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "HH:MM:ss" } } }
      : {}),
  });
  return logger;
}
