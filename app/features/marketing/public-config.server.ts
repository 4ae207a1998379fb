import { getConfig } from "#server/config.server.ts";

/** The few settings public pages may show. */
export function getPublicSiteConfig() {
  return { supportEmail: getConfig().supportEmail };
}
