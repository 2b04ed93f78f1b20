import { useEffect } from 'react';
import type { Lang } from '../../core/locales.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { requireSession } from '../stores/$account.ts';
import { $profile, loadProfile } from '../stores/$profile.ts';
import { profileCopy } from './profile/copy.ts';
import { LoadError, Loading } from './account-kit.tsx';
import { DeleteAccount } from './profile/delete-account.tsx';
import { SignedInDevices } from './profile/devices.tsx';
import { Passkeys } from './profile/passkeys.tsx';
import { LinkedProviders } from './profile/identities.tsx';
import { ProfileDetails } from './profile/details.tsx';
import { IdentityVerification } from './profile/identity.tsx';
import { ProfilePicture } from './profile/picture.tsx';

// /my-account/profile/ (spec sections 2-9): picture, name, e-mail and phone (a new address is
// confirmed by its code), ID card and selfie with the verification state, and account deletion. A
// visitor goes to sign-in and comes back here (requireSession); server and first client render show
// the same loading line.

export default function ProfilePage({ lang }: { lang: Lang }) {
  const t = profileCopy(lang);
  const state = useIslandStore($profile);
  useEffect(() => {
    if (requireSession(lang)) void loadProfile();
  }, [lang]);

  if (state.status === 'loading') return <Loading text={t.loading} />;
  if (state.status === 'error')
    return <LoadError message={t.loadFailed} retryLabel={t.retry} retry={() => void loadProfile()} />;
  const { profile } = state;
  return (
    <div className="flex flex-col gap-6 text-ink" data-profile-page>
      <ProfilePicture t={t} profile={profile} />
      <ProfileDetails lang={lang} t={t} profile={profile} />
      <IdentityVerification t={t} profile={profile} />
      <LinkedProviders t={t} />
      <Passkeys lang={lang} t={t} />
      <SignedInDevices lang={lang} t={t} />
      <DeleteAccount t={t} />
    </div>
  );
}
