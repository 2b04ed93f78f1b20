import type { ApiLang } from '../http/errors.ts';

export type CodeMailPurpose = 'verify_email' | 'verify_phone' | 'reset_password';

const copy = {
  verify_email: {
    en: {
      subject: 'Your Bobobox verification code',
      intro: 'Welcome aboard! Use this code to verify your e-mail address:',
      outro: "If you didn't create a Bobobox account, you can safely ignore this e-mail.",
    },
    id: {
      subject: 'Kode verifikasi Bobobox kamu',
      intro: 'Selamat datang! Pakai kode ini untuk memverifikasi alamat e-mail kamu:',
      outro: 'Kalau kamu tidak merasa membuat akun Bobobox, abaikan saja e-mail ini.',
    },
  },
  verify_phone: {
    en: {
      subject: 'Your Bobobox phone verification code',
      intro: 'Use this code to verify your phone number:',
      outro: "If you didn't ask for this, just ignore it.",
    },
    id: {
      subject: 'Kode verifikasi nomor HP Bobobox',
      intro: 'Pakai kode ini untuk memverifikasi nomor HP kamu:',
      outro: 'Kalau kamu tidak memintanya, abaikan saja.',
    },
  },
  reset_password: {
    en: {
      subject: 'Reset your Bobobox password',
      intro: 'Someone (hopefully you) asked to reset your password. Enter this code to choose a new one:',
      outro: "Didn't ask for a reset? Your password stays as it is; no action needed.",
    },
    id: {
      subject: 'Atur ulang kata sandi Bobobox kamu',
      intro: 'Ada permintaan untuk mengatur ulang kata sandi akunmu. Masukkan kode ini untuk membuat kata sandi baru:',
      outro: 'Tidak merasa memintanya? Kata sandimu tetap aman, tidak perlu melakukan apa pun.',
    },
  },
} as const;

const validity = {
  en: (minutes: number) =>
    `The code is valid for ${minutes} minutes and can be used once. Never share it with anyone, including Bobobox staff.`,
  id: (minutes: number) =>
    `Kode ini berlaku ${minutes} menit dan hanya bisa dipakai sekali. Jangan bagikan ke siapa pun, termasuk tim Bobobox.`,
};

const greeting = { en: (name: string) => `Hi ${name},`, id: (name: string) => `Halo ${name},` };
const signoff = { en: 'Sleep well,\nThe Bobobox team', id: 'Selamat beristirahat,\nTim Bobobox' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A one-time-code e-mail, text and HTML, in the user's language. */
export function codeEmail(lang: ApiLang, purpose: CodeMailPurpose, code: string, name: string, minutes: number) {
  const c = copy[purpose][lang];
  const text = [
    greeting[lang](name),
    '',
    c.intro,
    '',
    `    ${code}`,
    '',
    validity[lang](minutes),
    c.outro,
    '',
    signoff[lang],
  ].join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1c2340">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<tr><td>
<p style="font-size:16px">${escapeHtml(greeting[lang](name))}</p>
<p style="font-size:16px">${escapeHtml(c.intro)}</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:12px;text-align:center;margin:24px 0">${code}</p>
<p style="font-size:14px;color:#55607a">${escapeHtml(validity[lang](minutes))}</p>
<p style="font-size:14px;color:#55607a">${escapeHtml(c.outro)}</p>
<p style="font-size:14px;white-space:pre-line">${escapeHtml(signoff[lang])}</p>
</td></tr></table></body></html>`;
  return { subject: c.subject, text, html };
}

/** The SMS variant: short, code first. */
export function codeSms(lang: ApiLang, purpose: CodeMailPurpose, code: string, minutes: number) {
  const what = {
    verify_email: { en: 'verification', id: 'verifikasi' },
    verify_phone: { en: 'verification', id: 'verifikasi' },
    reset_password: { en: 'password reset', id: 'atur ulang kata sandi' },
  }[purpose][lang];
  const text =
    lang === 'id'
      ? `${code} adalah kode ${what} Bobobox kamu. Berlaku ${minutes} menit. Jangan bagikan kode ini ke siapa pun.`
      : `${code} is your Bobobox ${what} code. Valid for ${minutes} minutes. Never share this code.`;
  return { subject: copy[purpose][lang].subject, text };
}
