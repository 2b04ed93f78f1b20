import type { Lang } from '../../core/locales.ts';
import { bankStepsEn } from '../../core/i18n/payment-en.ts';
import { bankStepsId } from '../../core/i18n/payment-id.ts';
import { fill } from '../../core/i18n/fill.ts';

/** Which instruction set a channel uses. */
export function bankOf(channelCode: string): 'bca' | 'bni' | 'permata' | 'mandiri' | null {
  if (channelCode === 'bca_va') return 'bca';
  if (channelCode === 'bni_va') return 'bni';
  if (channelCode === 'permata_va') return 'permata';
  if (channelCode === 'mandiri_bill') return 'mandiri';
  return null;
}
const BANK_NAME = { bca: 'BCA', bni: 'BNI', permata: 'Permata', mandiri: 'Mandiri' } as const;

/** Step-by-step ATM and internet/mobile banking instructions for one bank, in the page language. */
export function BankSteps({
  lang,
  bank,
  code,
  biller,
  labels,
}: {
  lang: Lang;
  bank: 'bca' | 'bni' | 'permata' | 'mandiri';
  code: string;
  biller?: string;
  labels: { title: string; atm: string; online: string };
}) {
  const steps = (lang === 'id' ? bankStepsId : bankStepsEn)[bank];
  const f = (s: string) => fill(s, { code, biller: biller ?? '70012' });
  return (
    <section className="mt-3 rounded-xl bg-slate-50 p-3 text-sm" data-bank-steps={bank}>
      <h4 className="font-bold">{fill(labels.title, { bank: BANK_NAME[bank] })}</h4>
      <h5 className="mt-2 font-semibold">{labels.atm}</h5>
      <ol className="list-decimal pl-5">
        {steps.atm.map((s) => (
          <li key={s}>{f(s)}</li>
        ))}
      </ol>
      <h5 className="mt-2 font-semibold">{labels.online}</h5>
      <ol className="list-decimal pl-5">
        {steps.online.map((s) => (
          <li key={s}>{f(s)}</li>
        ))}
      </ol>
    </section>
  );
}
