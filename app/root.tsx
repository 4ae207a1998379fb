import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "./components/nonce.tsx";
import { StatusPage } from "./components/status-page.tsx";
import { I18nProvider } from "./i18n/context.tsx";
import { defaultLocale, type Locale } from "./i18n/i18n.ts";
import { sessionMiddleware } from "./features/auth/session.server.ts";
import { getLocale } from "./i18n/locale.server.ts";
import { theme } from "./theme.ts";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ request }: Route.LoaderArgs) {
  return { locale: getLocale(request) };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const locale: Locale = data?.locale ?? defaultLocale;
  return (
    <html lang={locale} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#087f74" />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="auto" />
        <Meta />
        <Links />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="auto">
          <Notifications position="top-right" autoClose={5000} />
          <I18nProvider locale={locale}>{children}</I18nProvider>
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
