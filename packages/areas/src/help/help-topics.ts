/** One topic of system/help. Plain text, so the search can match every word the user can read. */
export interface HelpTopic {
  readonly id: string;
  readonly title: string;
  readonly paragraphs: readonly string[];
  /** Numbered steps, when the topic is a procedure. */
  readonly steps?: readonly string[];
  readonly links?: readonly { readonly href: string; readonly label: string }[];
  /** Shown only to root and headquarters users (the developer toolbar is theirs). */
  readonly devToolbarOnly?: boolean;
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'sign-in',
    title: 'Signing in',
    paragraphs: [
      'Sign in on the sign-in page with the username and password your university or organization gave you.',
    ],
    steps: [
      'Enter your username and choose Next.',
      'If you belong to more than one organization, choose the one to work in and choose Continue.',
      'Enter your password and choose Sign In.',
      'If your organization signs you in through its own service, a popup opens: follow the instructions in the popup to authenticate, then choose Sign In.',
      'Forgot your username or password? Use the Forgot Username? or Forgot Password? link on the sign-in page.',
    ],
  },
  {
    id: 'switch-organization',
    title: 'Switching organization',
    paragraphs: [
      'Your work belongs to one organization at a time. To work in another one, sign out from the user menu and sign in again: the organization step lets you choose which organization to continue with.',
      'Other open tabs follow the change, because what they show belongs to the organization you left.',
    ],
  },
  {
    id: 'legacy-screens',
    title: 'Finding the legacy screens',
    paragraphs: [
      'Some screens have not moved to Atrium yet. Every app page in Atrium has a link that opens the legacy screens of that app, and you stay signed in when you move between them.',
      'Legacy screens can also be shown inside Atrium, with the menu around them, or opened full page.',
    ],
    links: [{ href: '/legacy/', label: 'Open the legacy home' }],
  },
  {
    id: 'keyboard',
    title: 'Keyboard shortcuts',
    paragraphs: [
      'Tab and Shift+Tab move between links and controls; Enter or Space activates the one in focus.',
      'Escape closes an open dialog or menu and returns focus to where you were.',
    ],
  },
  {
    id: 'developer-toolbar',
    title: 'Developer toolbar',
    paragraphs: [
      'Ctrl+Shift+A shows or hides the developer toolbar. It holds the user switcher, the admin panel link, the school picker and the recording of videos for support requests.',
    ],
    devToolbarOnly: true,
  },
  {
    id: 'unsaved-changes',
    title: 'Unsaved changes',
    paragraphs: [
      'When a page holds changes you have not saved, leaving it asks: There are unsaved changes. Are you sure you wish to leave? Choose to stay and save first, or leave and lose the changes.',
    ],
  },
  {
    id: 'search',
    title: 'Searching a page',
    paragraphs: [
      'Pages that can be searched show a search button in the top bar. On this page it moves you to the search box above the topics.',
    ],
  },
  {
    id: 'support',
    title: 'Contacting support',
    paragraphs: [
      "For help with your account, your courses or an error message, contact your university/organization's support contact.",
      'Say what you were doing, the address of the page and the time it happened: it makes the problem much quicker to find.',
    ],
  },
];

/** The text a search runs over: everything the topic shows. */
function searchableText(topic: HelpTopic): string {
  return [
    topic.title,
    ...topic.paragraphs,
    ...(topic.steps ?? []),
    ...(topic.links ?? []).map((link) => link.label),
  ]
    .join(' ')
    .toLowerCase();
}

/** The topics that contain every word of `query` (case-insensitive); all of them for an empty query. */
export function filterTopics(topics: readonly HelpTopic[], query: string): readonly HelpTopic[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return topics;
  return topics.filter((topic) => {
    const text = searchableText(topic);
    return words.every((word) => text.includes(word));
  });
}
