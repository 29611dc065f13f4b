import { z } from 'zod';

// Spec §5 and §9: the exact rules and messages. Password minimum 6; full name minimum 2.
export const PASSWORD_MIN = 6;
export const FULL_NAME_MIN = 2;

const email = z.email({ error: 'Please enter a valid email address' });
const password = z.string().min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` });

export const loginSchema = z.object({ email, password });

export const emailSchema = z.object({ email });
export type EmailValues = z.infer<typeof emailSchema>;

export const codeSchema = z.object({
  code: z.string().regex(/^\d{6}$/, { error: 'Enter the 6 digits from the mail' }),
});
export type CodeValues = z.infer<typeof codeSchema>;

export const newPasswordSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
export type LoginValues = z.infer<typeof loginSchema>;
export const loginFieldOrder = ['email', 'password'] as const;

export const registerSchema = z
  .object({
    fullName: z
      .string()
      .trim()
      .min(FULL_NAME_MIN, { error: `Full name must be at least ${FULL_NAME_MIN} characters` }),
    email,
    password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterValues = z.infer<typeof registerSchema>;
export const registerFieldOrder = ['fullName', 'email', 'password', 'confirmPassword'] as const;

/** Spec §5: only the first message is shown. "First" follows the form's field order, top to bottom. */
export function firstErrorMessage(
  errors: Partial<Record<string, { message?: string } | undefined>>,
  order: readonly string[],
): string | undefined {
  for (const field of order) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return undefined;
}
