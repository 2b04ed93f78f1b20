import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { PAYMENT_METHODS } from './constants.ts';
import { imageField, schedulingFields, slugField, titleField } from './fields.ts';

function afterField(other: string, message: string) {
  return (value: string | undefined, context: { document?: unknown }) => {
    const start = (context.document as Record<string, string | undefined> | undefined)?.[other];
    if (!value || !start) return true;
    return value >= start || message;
  };
}

/** A public promotion with its coupon code, shown on /promo/ while active. */
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
