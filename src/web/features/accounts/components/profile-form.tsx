import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ProfileUpdate } from '#shared/schemas/user.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/text-field.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdateProfile } from '#web/features/accounts/api/update-profile.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { AppForm } from '#web/components/ui/app-form.tsx';

const profileUpdateResolver = lazyZodResolver<FormValues, z.output<typeof ProfileUpdate>>(() =>
  import('#shared/schemas/user.ts').then((schemas) => schemas.ProfileUpdate),
);

type FormValues = z.input<typeof ProfileUpdate>;
type FieldName = keyof FormValues;

const FIELDS: readonly FieldName[] = ['education', 'profession', 'linkedIn', 'address'];
const EMPTY: FormValues = { education: '', profession: '', linkedIn: '', address: '' };

/**
 * SPEC §2 'Update Your Profile': every field optional (SPEC §5). Only the fields filled in are sent,
 * so the others keep their saved values; after success the profile is refetched and the form empties
 * (SPEC §4).
 */
export function ProfileForm({ email }: { email: string }) {
  const update = useUpdateProfile(email);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof ProfileUpdate>>({
    resolver: profileUpdateResolver,
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as FormValues;
    try {
      await update.mutateAsync(body);
      toast.success('Profile updated');
      reset(EMPTY);
    } catch (failure) {
      setFormErrors(applyServerErrors(failure, setError, FIELDS));
    }
  });

  return (
    <section aria-labelledby="profile-form-heading">
      <h2 id="profile-form-heading" className="text-lg font-bold text-slate-900">
        Update Your Profile
      </h2>
      <p className="mt-1 text-sm text-slate-600">Fill in what you want to change; the rest stays as it is.</p>
      <AppForm onFocus={profileUpdateResolver.preload} onSubmit={onSubmit} className="mt-5 space-y-4">
        <TextField
          label="Education"
          autoComplete="off"
          placeholder="e.g. BSc Mechanical Engineering"
          error={errors.education?.message}
          {...register('education')}
        />
        <TextField
          label="Profession"
          autoComplete="organization-title"
          placeholder="e.g. Site foreman"
          error={errors.profession?.message}
          {...register('profession')}
        />
        <TextField
          label="LinkedIn profile"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/your-name"
          error={errors.linkedIn?.message}
          {...register('linkedIn')}
        />
        <TextAreaField
          label="Address"
          rows={3}
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        <div className="sm:max-w-48">
          <SubmitButton pending={isSubmitting}>Update</SubmitButton>
        </div>
      </AppForm>
      <FormAlert messages={formErrors} className="mt-4" />
    </section>
  );
}
