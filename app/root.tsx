import "./styles/mantine-lean.css";
import "./app.css";
import { MantineProvider, mantineHtmlProps } from "@mantine/core";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/root";
import { colorSchemeScript, systemColorSchemeManager } from "./components/color-scheme.ts";
import { useNonce } from "./components/nonce.tsx";
import { NotificationsOnDemand } from "./components/notifications-on-demand.tsx";
import { StatusPage } from "./components/status-page.tsx";
import { isStaticPage } from "./features/marketing/static-page.ts";
import publicSiteScript from "./features/marketing/public-site.js?url&no-inline";
import { rememberTimeZoneScript } from "./features/time-zone/time-zone.ts";
import { catalogScriptPath, ensureCatalog, isCatalogRef } from "./i18n/catalog-files.ts";
import { I18nProvider } from "./i18n/context.tsx";
import { defaultLocale, localeFromCookie, type Locale } from "./i18n/i18n.ts";
import { sessionMiddleware } from "./features/auth/session.server.ts";
import { getLocaleAndCatalog } from "./i18n/locale.server.ts";
import mantineFullCss from "./styles/mantine-full.css?url";
import { theme } from "./theme.ts";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

/** The page language and only its catalog (the other language's never reaches the browser). */
export async function loader({ request }: Route.LoaderArgs) {
  return getLocaleAndCatalog(request);
}

// The loader's answer depends only on the `lang` cookie (and Accept-Language, which does not change), so
// reload it, catalog and all, only when the cookie now names another language. Revisit if the loader grows.
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => {
  if (!defaultShouldRevalidate) return false;
  const chosen = localeFromCookie(document.cookie);
  return chosen !== undefined && chosen !== document.documentElement.lang;
};

/** On a client-side navigation to another language, its catalog's file is loaded before the page renders. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await ensureCatalog(data.catalog);
  return data;
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const locale: Locale = data?.locale ?? defaultLocale;
  const matches = useMatches();
  // Public pages ship only the Mantine styles they use (mantine-lean.css); every other page gets all of them.
  const publicPage = matches.some((match) => match.id === "routes/_marketing/layout");
  // Pages whose route says `handle.hydrate: false` are the server's HTML and one small script, without React
  // in the browser (docs/decisions/022). React in a browser means a hydrated page: one of those reached by a
  // client-side navigation renders like any other, and the app keeps its scripts and scroll restoration.
  const hydrate = typeof document !== "undefined" || !isStaticPage(matches);
  // The catalogs the page's loaders named (the root's, the signed-in layout's), as files run before hydration.
  const catalogs = hydrate ? [...new Set(matches.map((match) => (match.loaderData as { catalog?: unknown } | undefined)?.catalog).filter(isCatalogRef))] : [];
  return (
    <html lang={locale} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#087f74" />
        {/* The time-zone cookie's first Intl call costs ~15 ms before the first paint: not on the public pages, since
            /sign-in, /sign-up and every signed-in page set it before the server reads it. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: hydrate ? `${colorSchemeScript};${rememberTimeZoneScript}` : colorSchemeScript }} />
        {/* Blocking, not deferred: React Router's module script is async and would hydrate before a deferred
            script ran. The file is cached for a year, so only a first visit waits for it (docs/decisions/043). */}
        {catalogs.map((ref) => (
          <script key={ref} src={catalogScriptPath(ref)} nonce={nonce} suppressHydrationWarning />
        ))}
        <Meta />
        {!publicPage && <link rel="stylesheet" href={mantineFullCss} precedence="mantine" />}
        <Links />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={systemColorSchemeManager}>
          <I18nProvider locale={locale} catalog={data?.catalog}>
            {/* Inside the provider, so a toast's close button is labelled in the page's language. */}
            {hydrate && <NotificationsOnDemand eager={!publicPage} />}
            {children}
          </I18nProvider>
        </MantineProvider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          // 'strict-dynamic' in the CSP ignores 'self': a script file needs the nonce too.
          <script type="module" src={publicSiteScript} nonce={nonce} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <StatusPage status={404} />;
  if (isRouteErrorResponse(error) && error.status < 500) return <StatusPage status={error.status} />;
  return <StatusPage status={500} />;
}
