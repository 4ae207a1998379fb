import { useRouteLoaderData } from "react-router";

/** The support address the public layout loaded (SUPPORT_EMAIL). */
export function useSupportEmail(): string {
  const data = useRouteLoaderData<{ supportEmail: string }>("routes/_marketing/layout");
  return data?.supportEmail ?? "";
}
