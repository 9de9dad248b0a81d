import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { effectivePlan, PLAN_TIERS, PlanTier } from '../vocabulary/plan.catalogue';
import { MAX_PASSWORD_LENGTH } from './password.hasher';
import { UserEntity } from './user.entity';
import { SIGN_IN_REQUIRED_MESSAGE } from '../common/http/all-exceptions.filter';

/** The messages a person sees for sign-up, sign-in and their tokens (docs/PRODUCT.md "Accounts and authentication"). */
export const AUTH_MESSAGES = {
  fillInAllFields: 'Please fill in all fields',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signInRequired: SIGN_IN_REQUIRED_MESSAGE,
  invalidVerificationLink: 'This verification link is invalid or has expired.',
  alreadyVerified: 'Your email address is already verified.',
  invalidResetLink: 'This password reset link is invalid or has expired.',
  currentPasswordRequired: 'Please enter your current password',
  wrongCurrentPassword: 'The password is incorrect',
  sessionOnly: 'This action needs a signed-in session: API tokens cannot be used for it.',
  firstNameTooLong: 'First name must be text of at most 100 characters',
  noPasswordYet:
    "This account signs in with Google and has no password yet. To set one, use 'Forgot your password?' on the sign-in page: the link goes to your current address.",
  sameEmail: 'This is already your sign-in email address.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
/** RFC 5321 limits a path to 256 octets, so an address to 254 characters. */
export const MAX_EMAIL_LENGTH = 254;

/*
 * class-validator runs a property's decorators bottom-up, and the ValidationPipe stops at the first
 * failure (stopAtFirstError): the bottom decorator is the first check, as in the spec's order.
 */
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An email address being given (sign-up, reset request), trimmed; checked empty, type, length, shape. */
function EmailAddress() {
  return applyDecorators(
    IsNotEmpty({ message: AUTH_MESSAGES.fillInAllFields }),
    IsString({ message: AUTH_MESSAGES.fillInAllFields }),
    MaxLength(MAX_EMAIL_LENGTH, { message: AUTH_MESSAGES.invalidEmail }),
    IsEmail({}, { message: AUTH_MESSAGES.invalidEmail }),
    Transform(trim),
    ApiProperty({ example: 'jane@example.com', maxLength: MAX_EMAIL_LENGTH }),
  );
}

/**
 * A password being chosen (sign-up, reset) with the spec's messages. applyDecorators registers in
 * the order given, so this lists them in the order they are checked: empty, type, too short, too long.
 */
function NewPassword() {
  return applyDecorators(
    IsNotEmpty({ message: AUTH_MESSAGES.fillInAllFields }),
    IsString({ message: AUTH_MESSAGES.fillInAllFields }),
    MinLength(MIN_PASSWORD_LENGTH, { message: AUTH_MESSAGES.passwordTooShort }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: AUTH_MESSAGES.passwordTooLong }),
    ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, format: 'password', example: 'correct-horse-battery-staple' }),
  );
}

/** The longest first name kept as the display name. */
export const MAX_FIRST_NAME_LENGTH = 100;

export class SignupDto {
  @EmailAddress()
  email!: string;

  @NewPassword()
  password!: string;

  @ApiPropertyOptional({
    maxLength: MAX_FIRST_NAME_LENGTH,
    example: 'Jane',
    description: 'The first name typed at sign-up: it becomes the display name (the welcome says it). Blank or left out: none.',
  })
  @IsOptional()
  @IsString({ message: AUTH_MESSAGES.firstNameTooLong })
  @MaxLength(MAX_FIRST_NAME_LENGTH, { message: AUTH_MESSAGES.firstNameTooLong })
  @Transform(trim)
  firstName?: string;
}

export class LoginDto {
  @ApiProperty({ example: 'jane@example.com', maxLength: MAX_EMAIL_LENGTH })
  @Transform(trim)
  @MaxLength(MAX_EMAIL_LENGTH, { message: AUTH_MESSAGES.invalidCredentials })
  @IsString({ message: AUTH_MESSAGES.fillInAllFields })
  @IsNotEmpty({ message: AUTH_MESSAGES.fillInAllFields })
  email!: string;

  @ApiProperty({ maxLength: MAX_PASSWORD_LENGTH, format: 'password', example: 'correct-horse-battery-staple' })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: AUTH_MESSAGES.passwordTooLong })
  @IsString({ message: AUTH_MESSAGES.fillInAllFields })
  @IsNotEmpty({ message: AUTH_MESSAGES.fillInAllFields })
  password!: string;

  @ApiPropertyOptional({
    default: false,
    description: "'Remember me': the refresh cookie lasts 30 days instead of the browser session.",
  })
  @IsBoolean({ message: 'rememberMe must be true or false' })
  @IsOptional()
  rememberMe?: boolean;
}

export class PlanSummaryDto {
  @ApiProperty({ enum: PLAN_TIERS, enumName: 'PlanTier', description: "The plan that applies now: 'free' once a paid period has ended." })
  tier!: PlanTier;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the paid period ends (tier is paid) or ended (tier is free); null when there is none.',
  })
  expiresAt!: string | null;

  static from(user: UserEntity, now: Date): PlanSummaryDto {
    const plan = effectivePlan({ tier: user.planTier, expiresAt: user.planExpiresAt ?? null }, now);
    return { tier: plan.tier, expiresAt: plan.expiresAt?.toISOString() ?? null };
  }
}

export class UserDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'jane@example.com' })
  email!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Null when the person gave none: show the part of the email before the @, else User.',
  })
  displayName!: string | null;

  @ApiProperty({ description: 'Whether the person confirmed the address through the emailed link.' })
  emailVerified!: boolean;

  @ApiProperty({ type: PlanSummaryDto })
  plan!: PlanSummaryDto;

  @ApiProperty({ description: 'Whether the person finished or skipped the first-time tour, in any browser.' })
  onboardingCompleted!: boolean;

  /** `now` decides whether a paid period has ended (the plan then reads as Free). */
  static from(user: UserEntity, now: Date): UserDto {
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      emailVerified: user.emailVerifiedAt !== null,
      plan: PlanSummaryDto.from(user, now),
      onboardingCompleted: Boolean(user.onboardingCompletedAt),
    };
  }
}

export class AuthSessionDto {
  @ApiProperty({ description: 'A JWT for the Authorization: Bearer header. Keep it in memory only.' })
  accessToken!: string;

  @ApiProperty({ enum: ['Bearer'], example: 'Bearer' })
  tokenType!: 'Bearer';

  @ApiProperty({ description: 'Seconds until the access token expires; refresh before then.', example: 900 })
  expiresIn!: number;

  @ApiProperty({ type: UserDto })
  user!: UserDto;
}

export class VerifyEmailDto {
  @ApiProperty({ description: 'The token from the verification link.', example: 'Zq3xV8kTn2mR5yWc1bLd7hGf9sJp4aEu6oKi0tNw' })
  @MaxLength(200, { message: AUTH_MESSAGES.invalidVerificationLink })
  @IsNotEmpty({ message: AUTH_MESSAGES.invalidVerificationLink })
  @IsString({ message: AUTH_MESSAGES.invalidVerificationLink })
  token!: string;
}

/** What an emailed verification link did: verified the address, or moved the account to a new one. */
export class EmailVerifiedDto {
  @ApiProperty({ enum: ['verified', 'changed'], description: "'verified': the account's address is verified; 'changed': the account moved to the new address of a change (POST /api/auth/email)." })
  outcome!: 'verified' | 'changed';

  @ApiPropertyOptional({
    description: 'For a change only: the new sign-in address (the one the link was sent to), so the page can name it.',
    example: 'jane.new@example.com',
  })
  email?: string;
}

export class PasswordResetRequestDto {
  @EmailAddress()
  email!: string;
}

export class PasswordResetConfirmDto {
  @ApiProperty({ description: 'The token from the reset link.', example: 'Zq3xV8kTn2mR5yWc1bLd7hGf9sJp4aEu6oKi0tNw' })
  @MaxLength(200, { message: AUTH_MESSAGES.invalidResetLink })
  @IsNotEmpty({ message: AUTH_MESSAGES.invalidResetLink })
  @IsString({ message: AUTH_MESSAGES.invalidResetLink })
  token!: string;

  @NewPassword()
  password!: string;
}

export class AcceptedDto {
  @ApiProperty({ enum: ['accepted'], example: 'accepted' })
  status!: 'accepted';

  @ApiProperty({
    description: 'Whether this server sends email. When false no link was sent, and the message says so and whom to ask.',
    example: true,
  })
  emailSent!: boolean;

  @ApiProperty({ example: 'If an account exists for this address, we have sent it a link to reset the password.' })
  message!: string;
}

/** What became of an email the person asked for. */
export class EmailDeliveryDto {
  @ApiProperty({
    description: 'True when the email went out for delivery; false when this server sends no email (then the message says whom to ask).',
    example: true,
  })
  emailSent!: boolean;

  @ApiProperty({ description: 'The sentence to show.', example: 'Verification email sent. Please check your inbox.' })
  message!: string;
}

export class UpdateProfileDto {
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: MAX_FIRST_NAME_LENGTH,
    example: 'Jane',
    description: 'The name the app greets the person with. Blank or null: none (the part of the address before the @ shows).',
  })
  @IsOptional()
  @IsString({ message: AUTH_MESSAGES.firstNameTooLong })
  @MaxLength(MAX_FIRST_NAME_LENGTH, { message: AUTH_MESSAGES.firstNameTooLong })
  @Transform(trim)
  displayName!: string | null;
}

export class ChangePasswordDto {
  @ApiProperty({ maxLength: MAX_PASSWORD_LENGTH, format: 'password', description: 'The password the account has now.' })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: AUTH_MESSAGES.wrongCurrentPassword })
  @IsString({ message: AUTH_MESSAGES.currentPasswordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.currentPasswordRequired })
  currentPassword!: string;

  @NewPassword()
  newPassword!: string;
}

export class ChangeEmailDto {
  @EmailAddress()
  newEmail!: string;

  @ApiProperty({ maxLength: MAX_PASSWORD_LENGTH, format: 'password', description: 'The password the account has now.' })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: AUTH_MESSAGES.wrongCurrentPassword })
  @IsString({ message: AUTH_MESSAGES.currentPasswordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.currentPasswordRequired })
  currentPassword!: string;
}

export class EmailChangeRequestedDto {
  @ApiProperty({ example: 'jane.new@example.com', description: 'Where the confirmation link went: the account keeps its address until it is opened.' })
  pendingEmail!: string;

  @ApiProperty({ format: 'date-time', description: 'When the link stops working.' })
  expiresAt!: string;
}
