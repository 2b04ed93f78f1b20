import { useEffect, useMemo, useState } from 'react';
import * as v from 'valibot';
import { CodeSchema } from '../../core/contracts/auth.ts';
import { accountProfileApiEn } from '../../core/i18n/account-profile-api-en.ts';
import { accountProfileApiId } from '../../core/i18n/account-profile-api-id.ts';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { Field, FormShell, SubmitButton, apiErrors, useForm, useLocationSearch, validate } from './form-kit.tsx';
import {
  continueSso,
  linkSso,
  linkSsoByCode,
  registerSso,
  sendSsoLinkCode,
  type SsoStep as Step,
} from '../stores/auth-actions.ts';
import { countdown } from '../stores/timer.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { RESEND_SECONDS } from './code-form.tsx';

// Account choice for single sign-on (spec section 2; issue 29): the provider's answer arrives as a
// one-use ticket (bound to this browser's cookie). A linked identity signs in at once; a verified
// e-mail of an existing account links once the guest proves it (its password, or a code sent to its
// e-mail: an account made through another provider has no password), or signs in to another of theirs;
// a new person completes the registration (name, phone); an unverified e-mail is never linked.

/** The errors the API puts in this page's address (a failed callback, or a start refused), by their copy. */
const SSO_ERRORS = {
  sso_expired: 'sso.expired',
  sso_failed: 'sso.failed',
  sso_unavailable: 'sso.unavailable',
  rate_limited: 'sso.busy',
} as const;
const apiCopy = { en: accountProfileApiEn, id: accountProfileApiId } as const;

type State = { status: 'working' } | { status: 'error'; message: string } | { status: 'step'; step: Step };

export function SsoStep({ lang, t }: { lang: Lang; t: Dictionary['auth'] }) {
  const search = useLocationSearch();
  const [state, setState] = useState<State>({ status: 'working' });
  const link = useForm({ username: '', password: '' });
  const join = useForm({ fullName: '', phone: '' });

  // An error or a missing ticket in the address is known as soon as the address is read.
  const params = search === null ? null : new URLSearchParams(search);
  const urlError = params && (params.get('error') || !params.get('ticket')) ? params.get('error') : null;
  const failedBefore =
    params && (urlError !== null || !params.get('ticket'))
      ? apiCopy[lang][
          Object.hasOwn(SSO_ERRORS, urlError ?? '') ? SSO_ERRORS[urlError as keyof typeof SSO_ERRORS] : 'sso.expired'
        ]
      : null;

  useEffect(() => {
    const ticket = search === null ? null : new URLSearchParams(search).get('ticket');
    if (!ticket || new URLSearchParams(search ?? '').get('error')) return;
    continueSso(ticket)
      .then((step) => {
        if (step.kind === 'signin') {
          window.location.assign(step.redirect);
          return;
        }
        link.setValues({ username: step.email ?? '', password: '' });
        join.setValues({ fullName: step.name ?? '', phone: '' });
        setState({ status: 'step', step });
      })
      .catch((e: unknown) =>
        setState({ status: 'error', message: apiErrors(e, lang, t.genericError)._form ?? t.genericError }),
      );
    // The ticket is read once per page (the forms' setters are stable).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const ticket = () => new URLSearchParams(search ?? '').get('ticket') ?? '';
  const back = (
    <a className="font-semibold text-brand-700 underline" href={localizedPath(lang, '/signin/')}>
      {t.ssoStartOver}
    </a>
  );

  // A new person has no account to choose: the tab says what the page asks, as its heading does.
  const registering = state.status === 'step' && state.step.kind === 'register';
  useEffect(() => {
    if (registering) document.title = document.title.replace(t.accountChoiceTitle, t.completeTitle);
  }, [registering, t.accountChoiceTitle, t.completeTitle]);

  const shown: State = failedBefore ? { status: 'error', message: failedBefore } : state;
  if (shown.status === 'working')
    return (
      <div className="rounded-2xl bg-white p-6 shadow-sm" data-sso-step="working">
        <h1 className="mb-2 text-2xl font-extrabold">{t.accountChoiceTitle}</h1>
        <p role="status">{t.ssoWorking}</p>
      </div>
    );
  if (shown.status === 'error' || shown.step.kind === 'unverified')
    return (
      <div className="rounded-2xl bg-white p-6 shadow-sm" data-sso-step="refused">
        <h1 className="mb-2 text-2xl font-extrabold">{t.accountChoiceTitle}</h1>
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800" data-sso-message>
          {shown.status === 'error' ? shown.message : apiCopy[lang]['sso.unverified']}
        </p>
        <p className="flex gap-4 text-sm">
          {back}
          <a className="font-semibold text-brand-700 underline" href={localizedPath(lang, '/signup/')}>
            {t.signUpLink}
          </a>
        </p>
      </div>
    );

  const { step } = shown;
  const words = { provider: step.provider ?? '', email: step.email ?? '' };
  if (step.kind === 'link')
    return (
      <FormShell
        testId="sso-link"
        title={t.accountChoiceTitle}
        intro={fill(t.ssoLinkIntro, words)}
        error={link.errors._form}
        footer={
          <>
            <LinkByCode lang={lang} t={t} ticket={ticket} email={step.email ?? ''} />
            {back}
          </>
        }
        onSubmit={() => {
          link.setBusy(true);
          linkSso(ticket(), link.values.username, link.values.password)
            .then((to) => window.location.assign(to))
            .catch((e: unknown) => {
              link.setErrors(apiErrors(e, lang, t.genericError));
              link.setBusy(false);
            });
        }}
      >
        <Field label={t.username} autoComplete="username" {...link.bind('username')} />
        <Field label={t.password} type="password" autoComplete="current-password" {...link.bind('password')} />
        <SubmitButton busy={link.busy} label={t.ssoLink} busyLabel={t.ssoWorking} />
      </FormShell>
    );
  return (
    <FormShell
      testId="sso-register"
      title={t.completeTitle}
      intro={fill(t.ssoRegisterIntro, words)}
      error={join.errors._form}
      footer={back}
      onSubmit={() => {
        join.setBusy(true);
        registerSso(ticket(), join.values.fullName, join.values.phone)
          .then((to) => window.location.assign(to))
          .catch((e: unknown) => {
            join.setErrors(apiErrors(e, lang, t.genericError));
            join.setBusy(false);
          });
      }}
    >
      <Field label={t.fullName} autoComplete="name" {...join.bind('fullName')} />
      <Field label={t.phone} hint={t.phoneHint} type="tel" inputMode="tel" autoComplete="tel" {...join.bind('phone')} />
      <SubmitButton busy={join.busy} label={t.ssoRegister} busyLabel={t.ssoWorking} />
    </FormShell>
  );
}

/** Proving the account with a code sent to its e-mail, instead of its password. */
function LinkByCode({
  lang,
  t,
  ticket,
  email,
}: {
  lang: Lang;
  t: Dictionary['auth'];
  ticket: () => string;
  email: string;
}) {
  const f = useForm({ code: '' });
  const [sentAt, setSentAt] = useState<number | null>(null);
  const $cooldown = useMemo(() => countdown((sentAt ?? 0) + RESEND_SECONDS * 1000), [sentAt]);
  const left = Math.ceil(useIslandStore($cooldown) / 1000);
  const cooldown = sentAt === null ? 0 : left;
  const send = () => {
    f.setErrors({});
    sendSsoLinkCode(ticket())
      .then(() => setSentAt(Date.now()))
      .catch((e: unknown) => f.setErrors(apiErrors(e, lang, t.genericError)));
  };
  return (
    <section aria-labelledby="sso-code-title" className="mb-6 border-t border-slate-200 pt-4" data-sso-code>
      <h2 id="sso-code-title" className="sr-only">
        {t.code}
      </h2>
      <p className="mb-3 text-muted">{fill(t.ssoCodeIntro, { email })}</p>
      <button
        type="button"
        className="mb-3 font-semibold text-brand-700 underline disabled:text-muted disabled:no-underline"
        disabled={cooldown > 0}
        onClick={send}
      >
        {sentAt === null ? t.ssoCodeSend : cooldown > 0 ? fill(t.resendIn, { s: cooldown }) : t.resend}
      </button>
      <p aria-live="polite" className="mb-3 text-emerald-800">
        {sentAt !== null ? fill(t.ssoCodeSent, { email }) : ''}
      </p>
      {sentAt === null && f.errors._form && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800" data-form-error>
          {f.errors._form}
        </p>
      )}
      {sentAt !== null && (
        <form
          noValidate
          data-auth-form="sso-link-code"
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const checked = validate(v.object({ code: CodeSchema }), f.values, lang);
            f.setErrors(checked.ok ? {} : checked.errors);
            if (!checked.ok) return;
            f.setBusy(true);
            linkSsoByCode(ticket(), checked.output.code)
              .then((to) => window.location.assign(to))
              .catch((e: unknown) => {
                f.setErrors(apiErrors(e, lang, t.genericError));
                f.setBusy(false);
              });
          }}
        >
          <Field label={t.code} inputMode="numeric" autoComplete="one-time-code" maxLength={4} {...f.bind('code')} />
          <SubmitButton busy={f.busy} label={t.ssoCodeLink} busyLabel={t.ssoWorking} />
          {f.errors._form && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-form-error>
              {f.errors._form}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
