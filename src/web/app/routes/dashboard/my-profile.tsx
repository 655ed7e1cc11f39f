import { QueryError } from '#web/components/ui/query-error.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import { useProfile } from '#web/features/accounts/api/get-profile.ts';
import { ChangePasswordForm } from '#web/features/accounts/components/change-password-form.tsx';
import { ProfileCard } from '#web/features/accounts/components/profile-card.tsx';
import { ProfileForm } from '#web/features/accounts/components/profile-form.tsx';
import { TwoFactorSection } from '#web/features/accounts/components/two-factor-section.tsx';

/**
 * /dashboard (SPEC §2 My Profile): the account (and a new confirmation link while its address is
 * not confirmed), its profile, the update form, password, two-factor.
 */
export function MyProfilePage() {
  const auth = useCurrentUser();
  // The login guard renders this page only for a signed-in user.
  const email = auth.user?.email ?? '';
  const profile = useProfile(email);

  if (profile.isPending) return <FullScreenSpinner />;
  if (profile.isError) {
    return (
      <div className="p-6">
        <QueryError message={profile.error.message} onRetry={() => void profile.refetch()} />
      </div>
    );
  }

  return (
    <div className="space-y-8 p-5 sm:p-8">
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">My Profile</h1>
      <div className="grid grid-cols-1 gap-8 xl:grid-cols-2">
        <ProfileCard profile={profile.data} emailConfirmed={auth.user?.emailVerified} />
        <ProfileForm email={email} />
      </div>
      <ChangePasswordForm />
      <TwoFactorSection enabled={profile.data.twoFactorEnabled} email={email} />
    </div>
  );
}
