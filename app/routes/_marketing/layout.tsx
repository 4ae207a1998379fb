import { Box } from "@mantine/core";
import { Outlet } from "react-router";
import { SiteFooter } from "#app/features/marketing/site-footer.tsx";
import { SiteHeader } from "#app/features/marketing/site-header.tsx";
import { staticPageHandle } from "#app/features/marketing/static-page.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { getPublicSiteConfig } from "#app/features/marketing/public-config.server.ts";
import type { Route } from "./+types/layout";

// The public site is the server's HTML, not hydrated: no React runtime for pages that are mostly text.
export const handle = staticPageHandle;

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
      <SiteFooter supportEmail={loaderData.supportEmail} />
    </Box>
  );
}
