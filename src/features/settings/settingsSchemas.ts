import { z } from 'zod';
import { FULL_NAME_MIN, PASSWORD_MIN } from '../auth/authSchemas.ts';
import { DEVICE_CHOICE, isTimeZone } from './timeZone.ts';

// The same rules and messages as registration (spec §5): full name ≥ 2 characters, password ≥ 6.
export const FULL_NAME_MAX = 100;

export const profileSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(FULL_NAME_MIN, { error: `Full name must be at least ${FULL_NAME_MIN} characters` })
    .max(FULL_NAME_MAX, { error: `Full name must be at most ${FULL_NAME_MAX} characters` }),
});
export type ProfileValues = z.infer<typeof profileSchema>;

export const passwordChangeSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` }),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

/** The name kept in user_metadata.full_name (set at sign-up); '' when there is none. */
export function fullNameOf(metadata: Record<string, unknown> | undefined): string {
  const value = metadata?.full_name;
  return typeof value === 'string' ? value : '';
}

/** The Settings time zone: this device's, or a zone from the list. */
export const timeZoneSchema = z.object({
  timeZone: z
    .string()
    .refine((v) => v === DEVICE_CHOICE || isTimeZone(v), { error: 'Choose a time zone from the list' }),
});
export type TimeZoneValues = z.infer<typeof timeZoneSchema>;
