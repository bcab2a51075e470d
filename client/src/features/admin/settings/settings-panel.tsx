/** Admin > Settings: tabs Profile, Security, Site Settings, Daily Rate, Payment, Delivery, Limits and Alerts. */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { MIN_PASSWORD_LENGTH } from "@store/shared/schemas/admin";
import * as api from "../../../api/admin-endpoints.ts";
import { isNetworkError, isQueued } from "../../../api/admin-client.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { useChangeToasts } from "../panel/change-toasts.ts";
import { errorText, fieldErrorsOf } from "../panel/admin-request.ts";
import { passwordProblem } from "./password-rules.ts";
import { RateTab, SiteSettingsTab } from "./site-settings.tsx";
import { PaymentInstructionsTab } from "./payment-instructions-tab.tsx";
import { ManualDeliveryTab } from "./manual-delivery-tab.tsx";
import { OrderLimitsTab } from "./order-limits-tab.tsx";
import { AlertsTab } from "./alerts-tab.tsx";
import { FormField } from "../panel/form-field.tsx";
import { SettingsForm } from "./settings-form.tsx";
import "../panel/panels.css";
import { AdminSection } from "../panel/admin-section.tsx";

const TABS = ["profile", "security", "site", "rate", "payment", "delivery", "limits", "alerts"] as const;
type Tab = (typeof TABS)[number];

export function SettingsPanel() {
  const [tab, setTab] = useState<Tab>("profile");
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = TABS.indexOf(tab);
    const rtl = document.documentElement.dir === "rtl";
    let next: number | null = null;
    if (e.key === (rtl ? "ArrowLeft" : "ArrowRight")) next = (i + 1) % TABS.length;
    if (e.key === (rtl ? "ArrowRight" : "ArrowLeft")) next = (i - 1 + TABS.length) % TABS.length;
    if (e.key === "Home") next = 0;
    if (e.key === "End") next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    const t = TABS[next] ?? "profile";
    setTab(t);
    tabRefs.current[t]?.focus();
  }

  const labels: Record<Tab, ReactNode> = {
    profile: <Trans>Profile</Trans>,
    security: <Trans>Security</Trans>,
    site: <Trans>Site Settings</Trans>,
    rate: <Trans>Daily Rate</Trans>,
    payment: <Trans>Payment</Trans>,
    delivery: <Trans>Delivery</Trans>,
    limits: <Trans>Limits</Trans>,
    alerts: <Trans>Alerts</Trans>,
  };

  return (
    <AdminSection name="settings" title={<Trans>Settings</Trans>}>
      <div className="admin-tabs" role="tablist" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t}`}
            aria-controls={`${baseId}-panel-${t}`}
            aria-selected={tab === t}
            tabIndex={tab === t ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => setTab(t)}
          >
            {labels[t]}
          </button>
        ))}
      </div>
      <div
        className="box admin-tabpanel"
        role="tabpanel"
        id={`${baseId}-panel-${tab}`}
        aria-labelledby={`${baseId}-tab-${tab}`}
      >
        {tab === "profile" ? <ProfileTab /> : null}
        {tab === "security" ? <SecurityTab /> : null}
        {tab === "site" ? <SiteSettingsTab /> : null}
        {tab === "rate" ? <RateTab /> : null}
        {tab === "payment" ? <PaymentInstructionsTab /> : null}
        {tab === "delivery" ? <ManualDeliveryTab /> : null}
        {tab === "limits" ? <OrderLimitsTab /> : null}
        {tab === "alerts" ? <AlertsTab /> : null}
      </div>
    </AdminSection>
  );
}

function ProfileTab() {
  const { t } = useLingui();
  const changeToasts = useChangeToasts();
  const [name, setName] = useState("");
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  // A field the operator typed in before the profile arrived keeps what they typed.
  const typed = useRef(new Set<string>());
  const typedIn =
    (field: string, set: (value: string) => void) =>
    (value: string): void => {
      typed.current.add(field);
      set(value);
    };

  useEffect(() => {
    let live = true;
    adminApi
      .call(api.account.profile.read)
      .then((p) => {
        if (!live) return;
        if (!typed.current.has("name")) setName(p.name);
        if (!typed.current.has("username")) setUsername(p.username);
        if (!typed.current.has("email")) setEmail(p.email);
      })
      .catch((err: unknown) => console.warn("profile failed to load", err));
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFields({});
    try {
      const saved = await adminApi.call(
        api.account.profile.save,
        { body: { name, username, email } },
        { queueOffline: { entity: "profile", label: t`Profile: ${name}` } },
      );
      setName(saved.name);
      setUsername(saved.username);
      setEmail(saved.email);
      toast.success(t`Profile updated successfully`);
    } catch (err) {
      if (isQueued(err)) {
        changeToasts.queued(t`Profile: ${name}`);
        return;
      }
      setFields(fieldErrorsOf(err));
      toast.error(t`Failed to update profile`, {
        description: errorText(err, t`Something went wrong. Please try again.`),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsForm onSubmit={onSubmit} busy={busy} submit={<Trans>Update Profile</Trans>}>
      <FormField id="profile-name" label={<Trans>Full Name</Trans>}>
        <input
          id="profile-name"
          value={name}
          onChange={(e) => typedIn("name", setName)(e.target.value)}
          autoComplete="name"
        />
      </FormField>
      {[
        {
          id: "profile-username",
          label: t`Username`,
          type: "text",
          value: username,
          set: typedIn("username", setUsername),
          error: fields.username,
        },
        {
          id: "profile-email",
          label: t`Email`,
          type: "email",
          value: email,
          set: typedIn("email", setEmail),
          error: fields.email,
        },
      ].map((field) => (
        <FormField key={field.id} id={field.id} label={field.label} error={field.error}>
          <input
            id={field.id}
            type={field.type}
            value={field.value}
            onChange={(e) => field.set(e.target.value)}
            autoComplete={field.type === "email" ? "email" : "username"}
            dir="ltr"
            aria-invalid={field.error ? true : undefined}
          />
        </FormField>
      ))}
    </SettingsForm>
  );
}

interface PasswordFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
}

function PasswordField(props: PasswordFieldProps) {
  return (
    <FormField id={props.id} label={props.label}>
      <input
        id={props.id}
        type="password"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        // The browser fills in the current password and offers to save a new one.
        autoComplete={props.id === "password-current" ? "current-password" : "new-password"}
      />
    </FormField>
  );
}

function SecurityTab() {
  const { t } = useLingui();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const rule = passwordProblem(next, confirm);
    if (rule === "mismatch") return setProblem(t`Passwords do not match`);
    const min = MIN_PASSWORD_LENGTH;
    if (rule === "too-short") return setProblem(t`Password must be at least ${min} characters`);
    setProblem(null);
    setBusy(true);
    try {
      await adminApi.call(api.account.password, {
        body: { currentPassword: current, newPassword: next, confirmPassword: confirm },
      });
      setCurrent("");
      setNext("");
      setConfirm("");
      toast.success(t`Password changed successfully`);
    } catch (err) {
      // A password is never kept on the device to be sent later: offline, the change is not made, and says why.
      const offline = isNetworkError(err)
        ? t`Changing the password needs the network. Try again when you are back online.`
        : null;
      toast.error(t`Failed to change password`, {
        description: offline ?? errorText(err, t`Something went wrong. Please try again.`),
      });
    } finally {
      setBusy(false);
    }
  }

  const passwordFields: PasswordFieldProps[] = [
    { id: "password-current", label: t`Current Password`, value: current, onChange: setCurrent },
    { id: "password-new", label: t`New Password`, value: next, onChange: setNext },
    { id: "password-confirm", label: t`Confirm New Password`, value: confirm, onChange: setConfirm },
  ];

  return (
    <SettingsForm onSubmit={onSubmit} busy={busy} submit={<Trans>Change Password</Trans>} noValidate>
      {passwordFields.map((field) => (
        <PasswordField key={field.id} {...field} />
      ))}
      {problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {problem}
        </p>
      ) : null}
    </SettingsForm>
  );
}
