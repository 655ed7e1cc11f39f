import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile, ProfileUpdate } from '#shared/schemas/user.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { profileKeys } from '#web/lib/query-keys.ts';

/** PUT /myProfile/{email} (bearer): saves the fields given; the answer is the updated profile. */
export function updateProfile(email: string, body: ProfileUpdate): Promise<UserProfile> {
  return apiRequest<UserProfile>(`/myProfile/${encodeURIComponent(email)}`, { method: 'PUT', body });
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => updateProfile(email, body),
    // SPEC §4: after an update the profile is fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.detail(email) }),
  });
}
