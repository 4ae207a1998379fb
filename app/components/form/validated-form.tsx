import { notifications } from "@mantine/notifications";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation, type FormProps } from "react-router";
import type { z } from "zod";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { fieldErrorsOf, type FieldErrors, type FormFailure } from "./form-errors.ts";

interface FormState {
  errorFor(name: string): string | undefined;
  touch(name: string): void;
  submitting: boolean;
}

const FormStateContext = createContext<FormState>({ errorFor: () => undefined, touch: () => undefined, submitting: false });

export function useFormState(): FormState {
  return useContext(FormStateContext);
}

/** A message key from a schema or an action, shown in the page's language; other text as is. */
export function useMessage() {
  const { t } = useI18n();
  return useCallback(
    (message: string | undefined, params?: Record<string, string | number>) =>
      message === undefined ? undefined : message.includes(".") && !message.includes(" ") ? t(message as MessageKey, params) : message,
    [t],
  );
}

interface ValidatedFormProps extends Omit<FormProps, "onSubmit"> {
  schema: z.ZodType;
  /** What the action answered last time (field errors, a form error for a toast). */
  result?: FormFailure | null;
  children: ReactNode;
}

/**
 * The one form wrapper of the app (seed §5). On submit with errors: every field shows its message,
 * the toast 'There are errors in the form' appears and the action is not called. A field's own
 * message appears once the user has typed in it, or after a submit.
 */
export function ValidatedForm({ schema, result, children, ...formProps }: ValidatedFormProps) {
  const { t } = useI18n();
  const translate = useMessage();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  // Only the form that was sent shows a spinner, even when a page has several forms for one action.
  const busy = navigation.state !== "idle";
  const [sent, setSent] = useState(false);
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setSent(false);
  }
  const submitting = sent && busy;

  // A new server answer replaces what the server said before (adjusted during render, not in an effect).
  const [lastResult, setLastResult] = useState(result);
  if (result !== lastResult) {
    setLastResult(result);
    setServerErrors(result?.fieldErrors ?? {});
  }
  // A form-level error becomes a toast.
  useEffect(() => {
    if (result?.formError) notifications.show({ color: "red", message: translate(result.formError, result.formErrorParams) });
  }, [result, translate]);

  const validate = (): FieldErrors => {
    if (!formRef.current) return {};
    const values = Object.fromEntries(new FormData(formRef.current).entries());
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : fieldErrorsOf(parsed.error);
  };

  const state: FormState = {
    errorFor: (name) => translate(serverErrors[name] ?? (submitted || touched.has(name) ? clientErrors[name] : undefined)),
    touch: (name) => {
      setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
      setServerErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
      setClientErrors(validate());
    },
    submitting,
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const errors = validate();
    setClientErrors(errors);
    setSubmitted(true);
    if (Object.keys(errors).length === 0) {
      setSent(true);
      return;
    }
    event.preventDefault();
    notifications.show({ color: "red", message: t("form.hasErrors") });
    const first = Object.keys(errors)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  return (
    <FormStateContext.Provider value={state}>
      <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} {...formProps}>
        {children}
      </Form>
    </FormStateContext.Provider>
  );
}
