import type { Catalogue } from './types';

export const en: Catalogue = {
  errors: {
    SERVER_ERROR: 'Server error. Please try again later.',
    VALIDATION_ERROR: 'Some data is not valid. Check the highlighted fields.',
    USER_NOT_FOUND: 'User not found.',
    WRONG_PASSWORD: 'Incorrect password.',
    INVALID_CREDENTIALS: 'Invalid credentials.',
    EMAIL_ALREADY_EXISTS: 'Email already registered.',
    USERNAME_ALREADY_EXISTS: 'Username already taken.',
    GENERIC_ERROR: 'An error occurred, please try again later.',
    FAILED_TO_SEND_EMAIL: 'Failed to send the code. Please try again later.',
    INVALID_OR_EXPIRED_CODE: 'Invalid or expired code.',
    RESEND_TOO_SOON: 'Please wait before requesting another code.',
    MAX_RESEND_ATTEMPTS_EXCEEDED: 'Too many resend attempts. Please try again later.',
    NO_ACTIVE_RESET_CODE: 'No active reset code: please request a new one.',
    INVALID_VERIFICATION_CODE: 'Invalid verification code.',
    VERIFICATION_CODE_EXPIRED: 'The verification code has expired.',
    EMAIL_ALREADY_VERIFIED: 'The email is already verified.',
    EMAIL_NOT_VERIFIED: 'Verify your email before logging in: check your inbox or request a new code.',
    UNAUTHORIZED: 'You need to be logged in to access this resource',
    FORBIDDEN: "You don't have permission to access this resource",
    NOT_FOUND: 'Resource not found.',
    CONFLICT: 'Conflict with the current state. Refresh and try again.',
    BAD_REQUEST: 'Bad request.',
    METHOD_NOT_ALLOWED: 'Method not allowed.',
    TOO_MANY_REQUESTS: 'Too many requests. Please wait a moment and try again.',
    SERVICE_UNAVAILABLE: 'Service unavailable. Please try again later.',
    SESSION_EXPIRED: 'Session expired, please log in again',
    FOREIGN_ORIGIN: 'Request refused: origin not allowed.',
    UNSUBSCRIBE_TOKEN_INVALID:
      'This link is not valid or has been tampered with. Use the link in your latest email.',
    UNSUBSCRIBE_TOKEN_EXPIRED:
      'This link has expired. Use the link in a more recent email or log in to manage your notifications.',
    UNSUBSCRIBE_USER_NOT_FOUND: 'The account of this link no longer exists.',
    TOURNAMENT_NOT_FOUND: 'Tournament not found.',
    ALREADY_SUBSCRIBED: 'You are already subscribed to this tournament',
    NOT_SUBSCRIBED: 'You are not following this tournament.',
    FEDERATION_UNAVAILABLE:
      'The federation service cannot be reached right now: the data shown may be out of date.',
    FILTER_NOT_FOUND: 'Filter not found.',
    FILTER_NAME_TAKEN: 'A filter with this name already exists',
    FILTER_LIMIT_REACHED:
      'You have reached the maximum number of filters ({{count}}). Delete one to create another.',
  },
  success: {
    PASSWORD_RESET_CODE_SENT: 'We sent you a code to reset your password.',
    PASSWORD_RESET_CODE_RESENT: 'We sent you a new code.',
    PASSWORD_RESET_SUCCESS: 'Password reset. You can now log in.',
    VERIFICATION_CODE_RESENT: 'We sent you a new verification code.',
    CONTACT_MESSAGE_SENT: 'Message sent. We will get back to you soon.',
  },
  validation: {
    required: 'This field is required',
    minLength: 'Must be at least {{count}} characters',
    maxLength: 'Must be no more than {{count}} characters',
    invalidFormat: 'Invalid format',
    invalidEmail: 'Enter a valid email address',
    invalidValue: 'Invalid value',
    passwordsMismatch: 'Passwords do not match',
    passwordStrength:
      'Use at least {{count}} characters, with an uppercase letter, a lowercase letter and a digit',
    usernameCharacters: 'Use only letters, digits, underscores and hyphens',
    deletionConfirmation: 'Type the confirmation word exactly',
    dateRange: 'The end date cannot be before the start date',
    provinceNotInRegion: 'The province is not in the chosen region',
  },
  notifications: {
    unknownTournament: 'a tournament',
    types: {
      new_tournament: {
        title: 'New tournament: {{tournamentName}}',
        body: 'A new tournament matches your filters: {{tournamentName}}.',
      },
      reminder_1w: {
        title: 'Registration closes in a week',
        body: 'Registration for {{tournamentName}} closes in one week.',
      },
      reminder_3d: {
        title: 'Registration closes in 3 days',
        body: 'Registration for {{tournamentName}} closes in 3 days.',
      },
      reminder_1d: {
        title: 'Registration closes tomorrow',
        body: 'Registration for {{tournamentName}} closes in one day.',
      },
      reminder_5h: {
        title: 'Registration closes in 5 hours',
        body: 'Last chance: registration for {{tournamentName}} closes in 5 hours.',
      },
      new_document: {
        title: 'New document: {{tournamentName}}',
        body: 'A new document has been published for {{tournamentName}}.',
      },
      new_scoreboard: {
        title: 'New scoreboard: {{tournamentName}}',
        body: 'A new scoreboard is available for {{tournamentName}}.',
      },
      new_order_of_play: {
        title: 'Order of play: {{tournamentName}}',
        body: 'The order of play of {{tournamentName}} has been published.',
      },
      platform_updates: {
        title: 'News from Radar Tornei',
        body: '{{message}}',
      },
      email_confirmation: {
        title: 'Confirm your email address',
        body: 'Enter the code we sent you to verify your email address.',
      },
      password_reset: {
        title: 'Reset your password',
        body: 'Enter the code we sent you to choose a new password.',
      },
      welcome_email: {
        title: 'Welcome to Radar Tornei',
        body: 'Your account is ready: create your first filter to hear about new tournaments.',
      },
    },
    groups: {
      new_tournaments: 'New tournaments',
      order_of_play: 'Order of play',
      documents: 'Documents',
      scoreboards: 'Scoreboards',
      reminder_1w: 'Reminder 1 week before',
      reminder_3d: 'Reminder 3 days before',
      reminder_1d: 'Reminder 1 day before',
      reminder_5h: 'Reminder 5 hours before',
      platform_updates: 'Platform updates',
    },
    channels: {
      email: 'Email',
      push: 'Push',
    },
    reasons: {
      region: 'Region',
      province: 'Province',
      status: 'Status',
      dates: 'Dates',
      prize: 'Prize money',
      type: 'Tournament type',
      category: 'Category',
    },
  },
};
