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
  'stayGuests.contactInvalid': "Write the guest's e-mail address or mobile number (08..., +62...).",
  'stayGuests.self': 'You are on this booking already: invite the other guests only.',
  'stayGuests.tooMany': (max: number) =>
    max === 1 ? 'This booking has room for 1 more guest.' : `This booking has room for ${max} more guests.`,
  'stayGuests.notOpen': 'This booking can no longer be shared: it was cancelled, expired or has ended.',
  'stayGuests.notFound': 'This invitation is no longer open.',
  'stayGuests.inviteSubject': 'A Bobobox stay was booked for you',
  'stayGuests.inviteText': (p: { booker: string; hotel: string; dates: string; how: string; url: string }) =>
    `${p.booker} booked a stay for you at ${p.hotel}, ${p.dates}. To accept or decline it, sign in to your Bobobox account (or sign up with ${p.how}) and open My stay: ${p.url}\nIf you do not know ${p.booker}, ignore this message: nothing happens without your answer.`,
  'stayGuests.byEmail': 'this e-mail address',
  'stayGuests.byPhone': 'this phone number',
  'waitlist.roomsFree': 'Rooms are free for these nights: you can book them now.',
  'waitlist.cap': (n: number) => `You can wait for at most ${n} stays at a time. Leave one first.`,
  'passkeys.expired': 'This passkey request has expired. Please try again.',
  'passkeys.invalid': 'We could not check this passkey. Please try again.',
  'passkeys.unknown': 'This passkey is not linked to an account here. Sign in with your password instead.',
  'passkeys.notFound': 'This passkey is no longer on your account.',
  'passkeys.duplicate': 'This passkey is already on your account.',
  'sso.unknownProvider': 'This sign-in provider is not available here.',
  'sso.expired': 'This sign-in has expired or was already used. Please start again.',
  'sso.failed': 'The sign-in provider did not confirm who you are. Please start again.',
  'sso.unverified':
    'The provider has not verified this e-mail, so we cannot link it to an account. Sign in with your password, or register.',
  'sso.linkedElsewhere': 'This provider account is already linked to another Bobobox account.',
  'sso.busy':
    'Too many sign-ins were started from your network in the last few minutes. Please wait a little and try again, or use your password.',
  'sso.unavailable': 'The sign-in provider cannot be reached right now. Please try again later, or use your password.',
  'sso.identityNotFound': 'This sign-in provider is no longer linked to your account.',
  'sso.lastWayIn':
    'This is your only way to sign in. Set a password first (Forgot password) or add a passkey, then remove it.',
  'sessions.notFound': 'This device is already signed out.',
  'waitlist.notFound': 'This waitlist entry is no longer open.',
  'waitlist.offerSubject': 'A room freed up for you at Bobobox',
  'waitlist.offerText': (p: { hotel: string; dates: string; minutes: number; url: string }) =>
    `Good news: a room you were waiting for at ${p.hotel} (${p.dates}) is now held for you for ${p.minutes} minutes. Pay within that time to keep it: ${p.url}\nIf you do not, the next guest waiting gets it.`,
  'checkIn.notYours': 'This stay is not on your account.',
  'checkIn.closed': 'Self check-in is not open for this stay right now.',
  'checkIn.identity': 'Verify your ID in your profile before you check in.',
  'checkIn.done': 'You have checked in to this stay already.',
  'checkIn.contactHost': 'Face verification failed 3 times. Please go to the host to check in.',
} as const;
