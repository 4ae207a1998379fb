import { Box } from "@mantine/core";
import { Outlet } from "react-router";
import { SiteFooter } from "#app/features/marketing/site-footer.tsx";
import { SiteHeader } from "#app/features/marketing/site-header.tsx";
import { StaticMarkup } from "#app/features/marketing/static-markup.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { getPublicSiteConfig } from "#app/features/marketing/public-config.server.ts";
import type { Route } from "./+types/layout";

export async function loader() {
  return getPublicSiteConfig();
}

export default function MarketingLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <a href="#main" className="skip-link">
        {t("nav.skipToContent")}
      </a>
      <SiteHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      {/* Plain links and a plain form: works as HTML until the first client-side navigation. */}
      <StaticMarkup>
        <SiteFooter supportEmail={loaderData.supportEmail} />
      </StaticMarkup>
    </Box>
  );
}
