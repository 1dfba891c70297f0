/**
 * The Forgot Username, New User and Forgot Password prompts (SPEC sections 2 and 8): ask for one value,
 * show 'Looking up information...' while the server answers, then a result whose title and message
 * follow the error catalogue to the letter.
 */
import type { ApiClient } from '@atrium/api';
import { errorText, serverText } from './errors';
import { createStore } from '@atrium/store';
import type { Store } from '@atrium/store';
import { parseEmail, parseUsername } from './validation';

export type PromptKind = 'forgot-username' | 'new-user' | 'forgot-password';

export interface PromptResult {
  title: string;
  message: string;
  /** True for the success titles; failures offer to try again with what was typed. */
  ok: boolean;
}

export interface PromptState {
  kind: PromptKind | null;
  value: string;
  phase: 'form' | 'loading' | 'result';
  result: PromptResult | null;
}

export const LOOKING_UP_MESSAGE = 'Looking up information...';
export const EMAIL_ERROR: PromptResult = {
  title: 'Error',
  message: 'Please enter a valid e-mail address.',
  ok: false,
};
/** Not in SPEC's catalogue (which covers the e-mail only); the same shape for the username prompt. */
export const USERNAME_ERROR: PromptResult = {
  title: 'Error',
  message: 'Please enter your username.',
  ok: false,
};

interface PromptCopy {
  heading: string;
  field: 'email' | 'username';
  label: string;
  description: string;
  successTitle: string;
  failureTitle: string;
}

export const PROMPT_COPY: Record<PromptKind, PromptCopy> = {
  'forgot-username': {
    heading: 'Forgot Username?',
    field: 'email',
    label: 'E-mail address',
    description: 'Enter the e-mail address of your account and we will e-mail you your username.',
    successTitle: 'Forgotten Username',
    failureTitle: 'Unable to Lookup Usernames',
  },
  'new-user': {
    heading: 'New User?',
    field: 'email',
    label: 'E-mail address',
    description:
      'Enter your e-mail address. If you already have an account we will e-mail you its username; if not, we will e-mail you how to request one.',
    successTitle: 'Forgotten Username',
    failureTitle: 'Unable to Lookup Usernames',
  },
  'forgot-password': {
    heading: 'Forgot Password?',
    field: 'username',
    label: 'Username',
    description: 'Enter your username and we will e-mail you a link to reset your password.',
    successTitle: 'Password Reset',
    failureTitle: 'Unable to Reset Password',
  },
};

export interface PromptMachine {
  store: Store<PromptState>;
  open(kind: PromptKind, initialValue?: string): void;
  setValue(value: string): void;
  submit(): Promise<void>;
  /** From a failed result back to the form, with what the user typed. */
  retry(): void;
  close(): void;
}

export function createPromptMachine(deps: {
  api: Pick<ApiClient, 'forgotUsername' | 'forgotPassword'>;
}): PromptMachine {
  const store = createStore<PromptState>({ kind: null, value: '', phase: 'form', result: null });
  // Closing the prompt abandons its request: a late answer must not reopen it.
  let attempt = 0;

  return {
    store,
    open(kind, initialValue = '') {
      attempt++;
      store.setState({ kind, value: initialValue, phase: 'form', result: null });
    },
    setValue(value) {
      store.setState({ value });
    },
    async submit() {
      const { kind, value, phase } = store.getState();
      if (kind === null || phase !== 'form') return;
      const copy = PROMPT_COPY[kind];
      const token = ++attempt;
      const show = (result: PromptResult) => {
        if (token === attempt) store.setState({ phase: 'result', result });
      };
      let call: Promise<{ success: boolean; message: string }>;
      if (copy.field === 'email') {
        const email = parseEmail(value);
        if (email === null) return show(EMAIL_ERROR);
        call = deps.api.forgotUsername({ email });
      } else {
        const username = parseUsername(value);
        if (username === null) return show(USERNAME_ERROR);
        call = deps.api.forgotPassword({ username });
      }
      store.setState({ phase: 'loading', result: null });
      try {
        const answer = await call;
        show({
          title: answer.success ? copy.successTitle : copy.failureTitle,
          message: serverText(answer.message),
          ok: answer.success,
        });
      } catch (error) {
        show({ title: copy.failureTitle, message: errorText(error), ok: false });
      }
    },
    retry() {
      attempt++;
      store.setState({ phase: 'form', result: null });
    },
    close() {
      attempt++;
      store.setState({ kind: null, value: '', phase: 'form', result: null });
    },
  };
}
