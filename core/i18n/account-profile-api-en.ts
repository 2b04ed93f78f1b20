// The API's messages of the profile, uploads, ID verification, account deletion and a stay's
// secondary guests (English, the reference). Spread into the API catalogue (core/i18n/api-en.ts); account-profile-api-id.ts has the
// same keys.

export const accountProfileApiEn = {
  'uploads.notMultipart': 'Send the photo as multipart/form-data in the field "files".',
  'uploads.oneFile': 'Choose one photo to upload.',
  'uploads.idCardFiles': 'Upload two photos: your ID card, then a selfie holding it.',
  'uploads.tooLarge': (mb: number) => `This photo is too large: a photo can be at most ${mb} MB.`,
  'uploads.notImage': 'This file is not a photo we can take: upload a JPEG, PNG or WebP picture.',
  'uploads.unreadable': 'This photo could not be read. Please try another one.',
  'identity.alreadyVerified': 'Your ID is already verified, so there is nothing to upload again.',
  'account.deletionBlocked': 'Your account cannot be deleted yet.',
  'account.blockedCurrentStay': 'You are staying with us right now: delete it after you check out.',
  'account.blockedScheduledStay': 'You have a scheduled stay: delete it after that stay.',
  'account.blockedOutstandingPayment': 'A booking is waiting for your payment: pay or cancel it first.',
  'account.deactivated':
    'This account was deleted. To reactivate it within 30 days of the deletion, contact our customer service.',
  'stayGuests.noAccount': (email: string) =>
    `${email} has no Bobobox account: everyone staying with you needs an account of their own.`,
  'stayGuests.self': 'You are the primary guest of your booking already: list the other guests only.',
  'stayGuests.tooMany': (max: number) =>
    max === 1 ? 'This booking has room for 1 more guest.' : `This booking has room for ${max} more guests.`,
} as const;
