import type { ManualPage } from './types.ts';

/** The manual in English: one page per area of the console. */
export const MANUAL_EN: ManualPage[] = [
  {
    id: 'inbox',
    title: 'Conversations (inbox)',
    summary:
      'Serve customers in Chats: work accounts on the left, the conversation list in the middle, the chat on the right. Groups shows only group chats; History searches every message sent and received.',
    shotAlt:
      'The conversation screen: work accounts on the left, conversations in the middle, the chat on the right',
    sections: [
      {
        heading: 'Work accounts and the conversation list',
        paragraphs: [
          'The left column lists the work accounts assigned to you; the dot shows whether one is online and the number its unread messages. Click All accounts for every account’s conversations, or one account for its own. The buttons beside an account clear its unread messages or mark everything read.',
          'Above the list, switch between account, aggregated, unread, custom and pinned conversations; search by nickname or remark, or filter by tag. The list is sorted by time with pinned conversations first; a new message moves its conversation up.',
          'Right-click a conversation (or use More) to pin or unpin it, mark it read, or put it into custom groups (groups can be created, renamed and deleted; deleting a group keeps its conversations).',
        ],
      },
      {
        heading: 'The chat',
        paragraphs: [
          'Bubbles show text, images, voice, video, files, links, mini programs, contact cards, locations, quotes, red packets and transfers; content that only a phone can show (channel videos, forwarded chat records) says so. A conversation shows the last month of messages; look older ones up in History.',
          'Your own messages show their state: sending, sent, delivered, read or failed; a failed one can be resent. Hover a message to quote, copy, forward or revoke it.',
          'Click the customer’s avatar for the user card: region and gender, an editable remark, pinned, starred and blacklisted flags, and a friend request for someone who is not a friend yet.',
        ],
      },
      {
        heading: 'Writing and sending',
        paragraphs: [
          'Type a message and press Enter to send, Shift+Enter for a new line. The toolbar sends emoji, stickers, images, videos, files, links and mini programs; you can also drop a file onto the chat. Phrases and material library items are sent in one click.',
          'Switch to Note to write an internal note the customer never sees; type @ to mention a colleague, who is told through the bell in the header.',
          'When your company checks sensitive words, a message containing one is recorded, needs a confirmation, or is blocked (see Settings). With translation on, incoming messages show a translation and outgoing ones can be translated before sending.',
        ],
      },
      {
        heading: 'Service flow and transfers',
        paragraphs: [
          'A conversation can be claimed, assigned to someone, resolved, reopened, marked pending or snoozed (1 hour, tomorrow 9:00, 3 days). Above the list, filter by Mine / Unassigned / All and by status.',
          'The service icon in the header transfers conversations or work accounts between seats: the transfer takes effect when the other seat accepts it, and its sender can revoke it.',
        ],
      },
      {
        heading: 'History',
        paragraphs: [
          'History in the top menu searches every message by keyword, work account, contact and time; View context shows the messages around one, Open chat goes back to the conversation.',
        ],
      },
    ],
  },
  {
    id: 'accounts',
    title: 'Work accounts',
    summary:
      'Work accounts are the accounts you chat with customers from. In Settings → Work accounts you log them in by QR code, group them, give them proxies and assign them to seats.',
    shotAlt:
      'Work account management: the group tree on the left, the account list and its actions on the right',
    sections: [
      {
        heading: 'Adding a work account',
        paragraphs: [
          'Click QR login, choose the group the account goes into and the proxy it uses, then scan the code with the account’s phone and confirm there. The code counts down; refresh it when it expires. Once logged in the account joins the list and starts syncing its contacts.',
          'Leave a newly logged-in account idle for 8 hours (warm-up); the list shows the time left. Avoid mass sends and bulk friend requests meanwhile.',
        ],
      },
      {
        heading: 'The account list',
        paragraphs: [
          'The list shows avatar, nickname, remark, status, pool, group, proxy, assigned seat and friend / group counts, filtered by keyword, status and pool. States include not logged in, logging in, auto logging in, online, offline, banned, proxy failed, kicked out and login failed.',
          'Tick accounts to assign them to a seat, take them back, edit them in bulk (group, proxy), move them between pools (service / feeding; type yes to confirm), log them out or delete them (type del to confirm). Delete banned and Delete non-online clear those accounts at once. An action that does not fit an account’s state says which states it needs.',
        ],
      },
      {
        heading: 'Groups and proxies',
        paragraphs: [
          'The group tree on the left adds groups and sub-groups, renames and deletes them; the clock button on a group sets its business hours (weekly hours and holidays), outside which incoming messages get an automatic reply.',
          'Proxy management takes one socks5 proxy per line (ip:port:user:password), adds and deletes them in bulk and sets a proxy for the ticked accounts. An online account uses a new proxy from its next login.',
        ],
      },
      {
        heading: 'State alerts',
        paragraphs: [
          'When an account is banned, kicked out or loses its proxy, an alert says why; Open work accounts takes you there. The account switcher in the header changes the current account and shows each one’s unread count.',
          'The avatar and nickname library keeps avatars and nicknames for changing work accounts’ profiles in bulk.',
        ],
      },
    ],
  },
  {
    id: 'contacts',
    title: 'Contacts',
    summary: 'Contacts manages the work accounts’ friend requests, friends and group chats.',
    shotAlt: 'My friends: the friend list with its filters and actions',
    sections: [
      {
        heading: 'Friend requests',
        paragraphs: [
          'Received lists requests to your work accounts as they arrive: accept or decline one, or tick several and accept them together. Sent shows each request’s state: waiting, not accepted, added, already a friend.',
          'Add friend: pick an online work account, search by phone number or account, write a greeting and send.',
        ],
      },
      {
        heading: 'My friends',
        paragraphs: [
          'Search by nickname, remark or account; filter by work account, source (manual, task, auto-accept, phone) and date added. The list shows tags and the starred, blacklisted and pinned flags.',
          'For each friend: send a message, open the user card, edit the remark, or delete the friend (the chat stays, marked as no longer a friend). Sync friends fetches one work account’s friend list from the phone again and reports who was added, removed or changed.',
        ],
      },
      {
        heading: 'My groups',
        paragraphs: [
          'Lists the group chats of your work accounts with member count, owner, your role and the notice; filter by account, role and name, or start a new group from friends.',
          'Manage opens the group panel: members, invite friends, rename, your nickname in the group, leave. Owners and admins can also remove and mute members and edit the notice; the history lists notices, joins, leaves and renames.',
        ],
      },
    ],
  },
  {
    id: 'customerCenter',
    title: 'Customer center',
    summary:
      'The customer center finds and organises customers: bulk friend requests, tag management, bulk tagging, and the robots that accept friends and reply.',
    shotAlt: 'Bulk add friends: the task list with progress',
    sections: [
      {
        heading: 'Bulk add friends',
        paragraphs: [
          'New task: first import a list — upload xlsx / xls (up to 5 MB) or txt (up to 10 MB), or paste numbers, one phone number or account per line, with greeting, remark and tags after tabs; up to 100,000 lines. Check list points out malformed lines, duplicates and numbers earlier tasks tried.',
          'Then choose the work accounts that send, the greeting, the interval and its random spread, each account’s daily cap and rows per pull, and start now or at a time. Accounts still warming up show when that ends.',
          'The task list shows the state (importing, pending, running, paused, completed, closed abnormally) and progress; pause, restart, see the rows, export or delete a task.',
        ],
      },
      {
        heading: 'Tags and bulk tagging',
        paragraphs: [
          'Tag management: create a tag group, add tags to it with a colour, drag to reorder; deleting tells you how many contacts lose the tag.',
          'Bulk tagging: step 1 picks contacts by filter (work account, keyword, date added, source, with / without tags, member of groups) or by an uploaded list, and Count shows how many match; step 2 picks tags, Add or Remove, and runs, showing progress and the result.',
        ],
      },
      {
        heading: 'Robots',
        paragraphs: [
          'Auto-accept friends accepts every request or those whose message holds a keyword, after a random delay, up to a daily cap, and can tag the new friends.',
          'Reply on accepting sends up to 5 messages (text, image, file, video, link, mini program) in order once a request is accepted.',
          'Keyword auto-reply answers on an exact or contained keyword, for chosen work accounts, in single and / or group chats (in groups optionally only when mentioned), with a priority and a per-contact cool-down, and counts its hits. Each of these is a company default or set per work account.',
        ],
      },
    ],
  },
  {
    id: 'groupHelper',
    title: 'Group helper (mass send)',
    summary:
      'The group helper sends 1–5 messages to the friends or group chats of the chosen work accounts, at the pace and within the caps you set.',
    shotAlt: 'Mass-send task management: the task list with state and progress',
    sections: [
      {
        heading: 'Mass-send settings',
        paragraphs: [
          'The company default applies to every work account; a work account can have its own settings or go back to the default. Set the daily cap per account, the friend and message intervals, friends per round, the group interval and daily group cap, the random spread (± seconds), quiet hours, and the channel.',
        ],
      },
      {
        heading: 'New mass send',
        paragraphs: [
          'Choose the sending work accounts and the audience: all their friends, chosen friends or an uploaded txt list, or all / chosen group chats. Write 1–5 messages (text, image, video, file, link, mini program); quick mode fills all five. Send now or at a set time.',
        ],
      },
      {
        heading: 'Task management',
        paragraphs: [
          'Each task shows its audience size, messages in total, sent and pending counts, start and end, and state; pause, restart or delete it. Details show every message to every recipient (to be sent, sent, delivered, read, failed, undelivered …), and failed messages can be sent again.',
        ],
      },
    ],
  },
  {
    id: 'moments',
    title: 'Moments',
    summary:
      'Moments posts from your work accounts, keeps the posting history, shows friends’ posts and lets you answer likes and comments.',
    shotAlt: 'Post a moment: choose work accounts, write the text, add pictures',
    sections: [
      {
        heading: 'Posting',
        paragraphs: [
          'Choose one or more work accounts, write the text and add pictures (up to 9, 5 MB each), one video (up to 10 MB) or a link; set who may see it (some friends by tag, where the platform supports it); post now or at a time. Spread lets each account post at a random moment within N minutes, so they do not post at once.',
        ],
      },
      {
        heading: 'Posting history',
        paragraphs: [
          'Each post shows how many accounts posted, are pending, failed or were cancelled; open the per-account details, cancel what is not posted yet, or post the failed ones again.',
        ],
      },
      {
        heading: 'Friends’ moments and interactions',
        paragraphs: [
          'Friends’ moments shows friends’ posts as they arrive, with the work account that sees them; like and comment as that account.',
          'Interactions lists friends’ likes and comments on your accounts’ posts, with the unread count on the menu; reply to a comment, or mark everything read. When the platform has no moments, the page says so.',
        ],
      },
    ],
  },
  {
    id: 'statistics',
    title: 'Statistics',
    summary:
      'Statistics sums up work accounts and seats day by day; filter by dates, work accounts and seats and export to Excel.',
    shotAlt: 'The contact friends report: chart, totals and daily rows',
    sections: [
      {
        heading: 'Reports',
        paragraphs: [
          '• Contact friends: friends at the end of each day, gained, lost and net.',
          '• New friends / System added / Not system added: new friends by source (system: tasks and auto-accept; not system: by hand and from the phone).',
          '• Deleted friends: friends lost, by their source. Added friends: sent requests by state, and the pass rate.',
          '• Service records: per seat, chats served, messages sent and received, first and average response time, chats left unanswered.',
          '• Tag statistics: contacts per tag and their changes. Conversation records: messages sent, received, sent by robots, and by type.',
          '• Transfers and red packets: counts, amounts and the share of each state. Login statistics: logins, logouts, bans, kick-outs and hours online.',
        ],
      },
      {
        heading: 'Filters and export',
        paragraphs: [
          'Above a report choose the date range, work accounts and seats; the chart, totals and daily rows follow. Export downloads every day, the total and each work account as xlsx.',
          'Days are counted in the company’s time zone; a manager can change it, and every report is then counted again in the new zone.',
        ],
      },
    ],
  },
  {
    id: 'settings',
    title: 'Settings',
    summary:
      'Settings holds the company’s sub-accounts, roles, robots, sensitive words, material and phrases, and its ports, orders and message retention.',
    shotAlt: 'Sub-account management: the sub-account list with roles and states',
    sections: [
      {
        heading: 'Sub-accounts and roles',
        paragraphs: [
          'Sub-account management adds seat and supervisor accounts with their role, custom role, seat prefix and position, resets passwords and disables or enables accounts (a disabled account is signed out at once). The Positions tab keeps job titles.',
          'Role management saves a set of permissions as a role to give to sub-accounts; ticking a permission also ticks those it needs.',
        ],
      },
      {
        heading: 'Robots, sensitive words, material and phrases',
        paragraphs: [
          'Auto-accept friends, reply on accepting and keyword auto-reply can be set here too (as in the customer center).',
          'Sensitive words: add words in bulk, see the hits in messages sent and received, and choose the check before sending: record, confirm, or block.',
          'The material library keeps images, videos, files, links and more in folders; the phrase library keeps ready replies. Both are sent from the chat composer in one click.',
        ],
      },
      {
        heading: 'Ports, orders and retention',
        paragraphs: [
          'My ports shows the company’s ports and their state (in use, due soon, to be renewed, expired); Orders lists purchases and renewals. Message retention sets how long messages are kept; older ones are removed.',
          'The skin button in the header changes the theme, background and notification sound; the user menu holds my account, reset password, clear cache, the manual and log out.',
        ],
      },
    ],
  },
  {
    id: 'openPlatform',
    title: 'Open platform',
    summary:
      'The open platform connects outside tools (an order system, a CRM, n8n) to the console: API keys call the public API (/open/v1) and webhooks receive events.',
    shotAlt: 'Webhooks: endpoints, subscribed events and the delivery log',
    sections: [
      {
        heading: 'API keys',
        paragraphs: [
          'In Settings → API keys, create a key with a name and the work accounts it may reach (none chosen: every account its creator sees). The key is shown once, at creation — copy it then. Revoke a key you no longer use; it stops working at once.',
        ],
      },
      {
        heading: 'Webhooks',
        paragraphs: [
          'Add webhook takes a public http:// or https:// address and the events it subscribes to: messages received and sent, message status (delivered / read / failed), revocations, conversation assignment and status, work account status, friend requests and new friends, contact and group changes, task progress, moment interactions, and more.',
          'Every delivery is signed; the signing secret is shown once, and after Rotate the old one still signs for 24 hours. Send test event checks your endpoint; the delivery log keeps 7 days of attempts with status code, time taken and answer. A webhook failing for 3 days in a row is disabled, and you are told.',
        ],
      },
    ],
  },
];
