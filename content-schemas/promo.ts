import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { DISCOUNT_TYPES, PAYMENT_METHODS } from './constants.ts';
import { imageField, schedulingFields, slugField, titleField } from './fields.ts';

function afterField(other: string, message: string) {
  return (value: string | undefined, context: { document?: unknown }) => {
    const start = (context.document as Record<string, string | undefined> | undefined)?.[other];
    if (!value || !start) return true;
    return value >= start || message;
  };
}

/**
 * A public promotion with its coupon code, shown on /promo/ while active. This document owns every
 * fact of an advertised code (code, booking and stay periods, discount, payment methods, hotels):
 * the booking API's public promotions are synced from the published documents (server/promo-sync.ts).
 */
export const promo = defineType({
  name: 'promo',
  title: 'Promo',
  type: 'document',
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'rules', title: 'Rules' },
    { name: 'schedule', title: 'Schedule' },
  ],
  fields: [
    { ...titleField('Name of the promo as guests see it.'), group: 'content' },
    { ...slugField('Address of the promo page: /promo/<slug>/.'), group: 'content' },
    defineField({
      name: 'summary',
      title: 'Summary',
      type: 'localeText',
      group: 'content',
      description: 'One or two sentences for the promo card.',
      validation: (rule) => rule.required().error('Write a summary.'),
    }),
    { ...imageField('heroImage', 'Hero image', 'Banner of the promo.'), group: 'content' },
    defineField({
      name: 'couponCode',
      title: 'Coupon code',
      type: 'string',
      group: 'rules',
      description: 'What guests type at payment. Capital letters and digits, 4–20 characters.',
      validation: (rule) =>
        rule
          .required()
          .regex(/^[A-Z0-9]{4,20}$/, { name: 'coupon code' })
          .error('Use 4–20 capital letters or digits, no spaces.'),
    }),
    defineField({
      name: 'discountType',
      title: 'Discount type',
      type: 'string',
      group: 'rules',
      description: 'A percentage of the room price, or a fixed amount in Rupiah. The booking API applies exactly this.',
      options: { list: DISCOUNT_TYPES.map((d) => ({ value: d.value, title: d.title })), layout: 'radio' },
      validation: (rule) => rule.required().error('Choose percent or amount.'),
    }),
    defineField({
      name: 'discountValue',
      title: 'Discount',
      type: 'number',
      group: 'rules',
      description: 'Percent (1–100) or whole Rupiah, e.g. 25 or 50000.',
      validation: (rule) =>
        rule
          .required()
          .integer()
          .positive()
          .custom((value: unknown, context: { document?: unknown }) => {
            const type = (context.document as { discountType?: string } | undefined)?.discountType;
            return type !== 'percent' || typeof value !== 'number' || value <= 100 || 'A percentage is at most 100.';
          })
          .error('Enter a whole number: a percentage up to 100 or Rupiah without dots.'),
    }),
    defineField({
      name: 'maxDiscount',
      title: 'Largest discount (Rp)',
      type: 'number',
      group: 'rules',
      description: 'Cap of a percentage discount in whole Rupiah. Leave empty for no cap.',
      validation: (rule) => rule.integer().positive().error('Enter whole Rupiah, no dots.'),
    }),
    defineField({
      name: 'minSpend',
      title: 'Minimum spend (Rp)',
      type: 'number',
      group: 'rules',
      description: 'Smallest booking total the code works on, in whole Rupiah. Leave empty for none.',
      validation: (rule) => rule.integer().min(0).error('Enter whole Rupiah, no dots.'),
    }),
    defineField({
      name: 'hotelIds',
      title: 'Only at these hotels (booking API ids)',
      type: 'array',
      group: 'rules',
      description: 'Hotels where the code works. Leave empty when it works at every hotel.',
      of: [defineArrayMember({ type: 'number' })],
      validation: (rule) => rule.unique().error('Each hotel only once.'),
    }),
    defineField({
      name: 'active',
      title: 'Active',
      type: 'boolean',
      group: 'rules',
      description: 'Switch off to hide the promo at once, whatever its dates.',
      initialValue: true,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'periodStart',
      title: 'Booking period starts',
      type: 'date',
      group: 'rules',
      description: 'First day the code can be used to book (Jakarta time).',
      validation: (rule) => rule.required().error('Enter when the booking period starts.'),
    }),
    defineField({
      name: 'periodEnd',
      title: 'Booking period ends',
      type: 'date',
      group: 'rules',
      description: 'Last day the code can be used. After it the promo disappears from the site.',
      validation: (rule) =>
        rule
          .required()
          .custom(afterField('periodStart', 'The booking period must end on or after its start.'))
          .error('Enter a valid end of the booking period.'),
    }),
    defineField({
      name: 'stayStart',
      title: 'Stay period starts',
      type: 'date',
      group: 'rules',
      description: 'First night the discounted stay may start.',
      validation: (rule) => rule.required().error('Enter when the stay period starts.'),
    }),
    defineField({
      name: 'stayEnd',
      title: 'Stay period ends',
      type: 'date',
      group: 'rules',
      description: 'Last night covered by the promo.',
      validation: (rule) =>
        rule
          .required()
          .custom(afterField('stayStart', 'The stay period must end on or after its start.'))
          .error('Enter a valid end of the stay period.'),
    }),
    defineField({
      name: 'paymentMethods',
      title: 'Only with these payment methods',
      type: 'array',
      group: 'rules',
      description: 'Leave empty when every payment method is allowed.',
      of: [defineArrayMember({ type: 'string' })],
      options: { list: PAYMENT_METHODS.map((m) => ({ value: m.value, title: m.title })) },
      validation: (rule) => rule.unique().error('Each payment method only once.'),
    }),
    defineField({
      name: 'terms',
      title: 'Terms',
      type: 'localePortableText',
      group: 'rules',
      description: 'Terms and conditions of the promo, usually a numbered list.',
      validation: (rule) => rule.required().error('Write the promo terms.'),
    }),
    ...schedulingFields('schedule'),
  ],
  orderings: [{ title: 'Booking period end', name: 'periodEndDesc', by: [{ field: 'periodEnd', direction: 'desc' }] }],
  preview: {
    select: { title: 'title.en', code: 'couponCode', periodEnd: 'periodEnd', active: 'active', media: 'heroImage' },
    prepare: ({ title, code, periodEnd, active, media }: Record<string, unknown>) => ({
      title: title as string | undefined,
      subtitle: `${String(code)} · until ${String(periodEnd)}${active ? '' : ' · switched off'}`,
      media: media as never,
    }),
  },
});
