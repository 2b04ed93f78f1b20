import { atom } from 'nanostores';
import { SessionRedirect, browser, userCall } from '../lib/api-client.ts';
import { endSessionOnDevice } from './$auth.ts';
import type { PendingChange, UserProfile } from '../../core/contracts/responses.ts';

// The profile page's state and actions (spec sections 3 and 7): the profile, the address changes
// waiting for their code, the two uploads and the account deletion. The API decides every rule (a
// changed e-mail or phone needs its code, pictures are checked by their bytes, deletion needs no
// stay or payment in the way); the one check here is the 2 MB size, so a phone does not send a big
// photo only to have it refused.

export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

export type ProfileState = { status: 'loading' } | { status: 'ready'; profile: UserProfile } | { status: 'error' };
export const $profile = atom<ProfileState>({ status: 'loading' });
/** New e-mail or phone numbers waiting for the code sent to them. */
export const $pendingChanges = atom<PendingChange[]>([]);

export type ProfileInput = { name: string; email: string; telephone: string };

const keep = (profile: UserProfile) => $profile.set({ status: 'ready', profile });

export async function loadProfile(): Promise<void> {
  $profile.set({ status: 'loading' });
  try {
    keep((await userCall<{ data: UserProfile }>({ path: 'clients/v1/my-account' })).data);
  } catch (error) {
    if (!(error instanceof SessionRedirect)) $profile.set({ status: 'error' });
  }
}

/** Save the form: the name at once; a changed e-mail or phone comes back pending, with its code sent. */
export async function saveProfile(input: ProfileInput): Promise<PendingChange[]> {
  const answer = await userCall<{ data: UserProfile; pending: PendingChange[] }>({
    method: 'post',
    path: 'clients/v1/my-account/update',
    form: input,
  });
  keep(answer.data);
  $pendingChanges.set(answer.pending);
  return answer.pending;
}

/** The code sent to a new address: the address replaces the old one. */
export async function confirmChange(change: PendingChange, code: string): Promise<void> {
  const answer = await userCall<{ data: UserProfile }>({
    method: 'post',
    path: 'clients/v1/my-account/update/confirm',
    form: { channel: change.channel, target: change.target, code },
  });
  keep(answer.data);
  $pendingChanges.set($pendingChanges.get().filter((c) => c.channel !== change.channel));
}

export function dropChange(change: PendingChange): void {
  $pendingChanges.set($pendingChanges.get().filter((c) => c.channel !== change.channel));
}

/** Thrown before a request when a picture is over 2 MB (the API refuses it too, with the same copy). */
export class PictureTooLarge extends Error {}

/** upload-profile-picture (one file) or upload-id-card (ID card, then selfie), multipart field `files`. */
export async function uploadPictures(
  path: 'upload-profile-picture' | 'upload-id-card',
  files: File[],
): Promise<UserProfile> {
  if (files.some((f) => f.size > MAX_PICTURE_BYTES)) throw new PictureTooLarge();
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  const answer = await userCall<{ data: UserProfile }>({
    method: 'post',
    path: `clients/v1/my-account/${path}`,
    multipart: body,
  });
  keep(answer.data);
  return answer.data;
}

/** Delete the account: signed out here (the API signed out every device) and taken home. */
export async function deleteMyAccount(): Promise<void> {
  await userCall<{ data: { deactivated: true; erase_on: string } }>({
    method: 'post',
    path: 'clients/v1/my-account/delete',
  });
  // Signed out everywhere by the API; this device forgets the guest before going home.
  await endSessionOnDevice();
  browser.goHome();
}
