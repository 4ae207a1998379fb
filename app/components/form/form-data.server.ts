import { actionFailure } from "#app/lib/action-failure.ts";

/** The submitted form as a plain object; malformed bodies become a 400, never a 500. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw actionFailure("BAD_REQUEST", { formError: "form.malformed" });
  }
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}
