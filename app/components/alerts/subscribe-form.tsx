import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { FieldErrors, FormErrors, TextField } from "#app/components/accounts/fields";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { emailSubscriptionSchema } from "#app/features/alerts/subscription-forms";
import { localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

// The subscribe form: the areas and kinds to hear about, then by email (a plain form: works without
// JavaScript) or as notifications on this device (Web Push: needs the browser's script, a service
// worker and the visitor's permission; each missing piece says so and points to email).

export interface SubscribeFormProps {
  areas: { slug: string; name: string }[];
  kinds: { value: string; label: string }[];
  /** The site's VAPID public key; null when Web Push is not offered. */
  pushKey: string | null;
  defaultEmail: string;
  lastResult?: SubmissionResult<string[]> | null;
}

/** Where this device keeps its subscription's token, to turn it off later without an account. */
const deviceTokenKey = "playa.alerts.pushToken";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

type PushState = "script" | "unsupported" | "denied" | "ready" | "working" | "on" | "off" | "failed" | "unavailable";

function PushControls({ pushKey, form }: { pushKey: string | null; form: React.RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation("alerts");
  const language = useLanguage();
  const subscribeFetcher = useFetcher<{ push?: { token?: string }; error?: string }>();
  const stopFetcher = useFetcher();
  const [state, setState] = useState<PushState>(pushKey ? "script" : "unavailable");

  useEffect(() => {
    if (!pushKey) return;
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      setState("unsupported");
      return;
    }
    if (Notification.permission === "denied") setState("denied");
    else setState(window.localStorage.getItem(deviceTokenKey) ? "on" : "ready");
  }, [pushKey]);

  useEffect(() => {
    if (subscribeFetcher.state !== "idle" || !subscribeFetcher.data) return;
    const token = subscribeFetcher.data.push?.token;
    if (token) {
      window.localStorage.setItem(deviceTokenKey, token);
      setState("on");
    } else setState("failed");
  }, [subscribeFetcher.state, subscribeFetcher.data]);

  const subscribe = async () => {
    if (!pushKey || !form.current) return;
    setState("working");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "denied" : "ready");
        return;
      }
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(pushKey) }));
      const json = subscription.toJSON();
      const body = new FormData();
      body.set("intent", "push");
      body.set("endpoint", json.endpoint ?? "");
      body.set("p256dh", json.keys?.p256dh ?? "");
      body.set("auth", json.keys?.auth ?? "");
      // The same areas and kinds as the email form above.
      for (const name of ["areas", "kinds"])
        for (const value of new FormData(form.current).getAll(name)) body.append(name, value);
      await subscribeFetcher.submit(body, { method: "post", action: localizePath("/alerts/subscribe", language) });
    } catch {
      setState("failed");
    }
  };

  const stop = async () => {
    const token = window.localStorage.getItem(deviceTokenKey);
    window.localStorage.removeItem(deviceTokenKey);
    setState("off");
    try {
      const registration = await navigator.serviceWorker.getRegistration("/");
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
    } catch {
      // The server forgets the subscription below either way; the browser's copy then receives nothing.
    }
    if (token)
      await stopFetcher.submit(null, {
        method: "post",
        action: `${localizePath("/alerts/unsubscribe", language)}?token=${encodeURIComponent(token)}`,
      });
  };

  const message: Partial<Record<PushState, string>> = {
    script: t("subscriptions.form.pushNeedsScript"),
    unsupported: t("subscriptions.form.pushUnsupported"),
    denied: t("subscriptions.form.pushDenied"),
    on: t("subscriptions.form.pushOn"),
    off: t("subscriptions.form.pushOff"),
    failed: t("subscriptions.form.pushFailed"),
    unavailable: t("subscriptions.form.pushUnavailable"),
  };
  return (
    <section aria-labelledby="alerts-push-title" className="space-y-2" data-testid="alerts-push" data-state={state}>
      <h3 id="alerts-push-title" className="text-lg font-semibold">
        {t("subscriptions.form.pushTitle")}
      </h3>
      <p className="text-sm text-slate-700">{t("subscriptions.form.pushIntro")}</p>
      {message[state] ? (
        <p role="status" className="text-sm text-slate-800">
          {message[state]}
        </p>
      ) : null}
      {state === "ready" || state === "working" || state === "failed" || state === "off" ? (
        <button
          type="button"
          className="btn-secondary w-full sm:w-auto"
          onClick={subscribe}
          disabled={state === "working"}
        >
          {state === "working" ? t("subscriptions.form.pushWorking") : t("subscriptions.form.pushSubmit")}
        </button>
      ) : null}
      {state === "on" ? (
        <button type="button" className="btn-secondary w-full sm:w-auto" onClick={stop}>
          {t("subscriptions.form.pushStop")}
        </button>
      ) : null}
    </section>
  );
}

function ChoiceGroup({
  name,
  legend,
  hint,
  options,
  errors,
  errorId,
  chosen,
}: {
  name: string;
  legend: string;
  hint: string;
  options: { value: string; label: string }[];
  errors?: string[];
  errorId: string;
  /** What was ticked before a refused post, kept. */
  chosen: unknown;
}) {
  const kept = new Set(Array.isArray(chosen) ? chosen : typeof chosen === "string" ? [chosen] : []);
  const hintId = `alerts-${name}-hint`;
  return (
    <fieldset aria-describedby={`${hintId} ${errorId}`}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p id={hintId} className="text-xs text-slate-600">
        {hint}
      </p>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={kept.has(option.value)}
              className="size-5"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}

export function SubscribeForm({ areas, kinds, pushKey, defaultEmail, lastResult }: SubscribeFormProps) {
  const { t } = useTranslation("alerts");
  const language = useLanguage();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useZodForm(emailSubscriptionSchema, {
    id: "alerts-subscribe",
    lastResult,
    defaultValue: { email: defaultEmail },
  });
  const honeypot = getInputProps(fields.website, { type: "text" });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "email";
  return (
    <section
      aria-labelledby="alerts-subscribe-title"
      className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-6"
      data-testid="alerts-subscribe"
    >
      <h2 id="alerts-subscribe-title" className="text-xl font-bold">
        {t("subscriptions.form.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("subscriptions.form.intro")}</p>
      <Form
        method="post"
        action={localizePath("/alerts/subscribe", language)}
        {...getFormProps(form)}
        ref={formRef}
        className="space-y-4"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <ChoiceGroup
          name="areas"
          legend={t("subscriptions.form.areas")}
          hint={t("subscriptions.form.areasHint")}
          options={areas.map((area) => ({ value: area.slug, label: area.name }))}
          errors={fields.areas.errors}
          errorId={fields.areas.errorId}
          chosen={fields.areas.initialValue}
        />
        <ChoiceGroup
          name="kinds"
          legend={t("subscriptions.form.kinds")}
          hint={t("subscriptions.form.kindsHint")}
          options={kinds}
          errors={fields.kinds.errors}
          errorId={fields.kinds.errorId}
          chosen={fields.kinds.initialValue}
        />
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <h3 className="text-lg font-semibold">{t("subscriptions.form.emailTitle")}</h3>
          <TextField
            field={fields.email}
            label={t("subscriptions.form.email")}
            type="email"
            autoComplete="email"
            hint={t("subscriptions.form.emailHint")}
          />
          {/* Off-screen for people and assistive technology; bots fill every field they find. */}
          <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
            <label htmlFor={fields.website.id}>{t("subscriptions.form.honeypot")}</label>
            <input {...honeypot} key={honeypot.key} tabIndex={-1} autoComplete="off" />
          </div>
          <button
            type="submit"
            name="intent"
            value="email"
            className="btn-primary w-full sm:w-auto"
            disabled={submitting}
          >
            {submitting ? t("subscriptions.form.sending") : t("subscriptions.form.emailSubmit")}
          </button>
        </div>
      </Form>
      <div className="border-t border-slate-200 pt-4">
        <PushControls pushKey={pushKey} form={formRef} />
      </div>
    </section>
  );
}
