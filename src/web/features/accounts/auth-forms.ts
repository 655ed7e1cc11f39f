import { z } from 'zod';
import { LoginInput, NewPassword, Password } from '#shared/schemas/user.ts';

// Forms of better-auth's own calls (reset, two-factor), built from the shared account schemas so
// their messages stay the spec's. The server side of these calls is better-auth's, not ours.

export const ForgotPasswordInput = LoginInput.pick({ email: true });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z.object({ newPassword: NewPassword });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const CurrentPasswordInput = z.object({ password: Password });
export type CurrentPasswordInput = z.infer<typeof CurrentPasswordInput>;

export const ChangePasswordInput = z.object({ currentPassword: Password, newPassword: NewPassword });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const TwoFactorCodeInput = z.object({
  code: z.string().trim().min(1, 'Enter the code'),
});
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInput>;
