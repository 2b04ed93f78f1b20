// The API's e-mails and text messages, English: the reference catalogue. core/i18n/email-id.ts has
// the same keys and the same arguments (typed from this file). The templates (api/outbox/templates.ts,
// api/payments/charge.email.ts) hold the layout only.

export const emailEn = {
  greeting: (name: string) => `Hi ${name},`,
  signoff: 'Sleep well,\nThe Bobobox team',
  code: {
    verify_email: {
      subject: 'Your Bobobox verification code',
      intro: 'Welcome aboard! Use this code to verify your e-mail address:',
      outro: "If you didn't create a Bobobox account, you can safely ignore this e-mail.",
    },
    verify_phone: {
      subject: 'Your Bobobox phone verification code',
      intro: 'Use this code to verify your phone number:',
      outro: "If you didn't ask for this, just ignore it.",
    },
    reset_password: {
      subject: 'Reset your Bobobox password',
      intro: 'Someone (hopefully you) asked to reset your password. Enter this code to choose a new one:',
      outro: "Didn't ask for a reset? Your password stays as it is; no action needed.",
    },
    sso_link: {
      subject: 'Your Bobobox code to link a sign-in provider',
      intro:
        'You are linking a sign-in provider (such as Google) to your Bobobox account. Enter this code to confirm it is you:',
      outro: "Didn't try to sign in with a provider? Ignore this e-mail: nothing is linked without the code.",
    },
  },
  codeValidity: (minutes: number) =>
    `The code is valid for ${minutes} minutes and can be used once. Never share it with anyone, including Bobobox staff.`,
  codeSms: {
    verify: (code: string, minutes: number) =>
      `${code} is your Bobobox verification code. Valid for ${minutes} minutes. Never share this code.`,
    reset: (code: string, minutes: number) =>
      `${code} is your Bobobox password reset code. Valid for ${minutes} minutes. Never share this code.`,
  },
  confirmation: {
    subject: (order: string) => `Booking confirmed: ${order}`,
    intro: "Yay, your payment went through and your booking is confirmed. Bob can't wait to see you!",
    details: 'Booking details',
    order: 'Order ID',
    invoice: 'Invoice',
    place: 'Where',
    room: 'Room',
    pods: 'Pods',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    nights: 'Nights',
    payment: 'Payment',
    price: {
      room: 'Room',
      voucher: 'Voucher',
      tax: 'Tax (10%)',
      service: 'Service fee (5%)',
      insurance: 'Travel insurance',
      carbonOffset: 'Carbon offset',
      points: 'Bobopoints',
      paymentFee: 'Payment fee',
    },
    paid: 'Total paid',
    earned: (points: string) => `${points} Bobopoints will be added to your account after your stay.`,
    qr: 'Show this QR code to the host when you arrive. Your booking is also attached as a calendar file (.ics).',
    status: 'See your booking',
    event: (hotel: string) => `Stay at ${hotel}`,
    dayUse: 'Day use',
    dayUseBlock: (hours: number, start: string, end: string) => `${hours} hours, ${start}–${end}`,
    dayUseEvent: (hotel: string, hours: number) => `Day use at ${hotel} (${hours} hours)`,
  },
};

/** The catalogue's shape with every sentence widened to string: what the Indonesian one must fill. */
type Shape<T> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends string
    ? string
    : { readonly [K in keyof T]: Shape<T[K]> };
export type EmailCatalogue = Shape<typeof emailEn>;
