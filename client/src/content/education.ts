/** The education center's tips (spec: four tabs, three tips each, each with a level). Our own wording. */

export type TipLevel = 'beginner' | 'intermediate' | 'advanced';

export interface Tip {
  title: string;
  level: TipLevel;
  body: string;
  steps: readonly string[];
}

export interface EducationTopic {
  id: string;
  title: string;
  summary: string;
  tips: readonly [Tip, Tip, Tip];
}

export const educationTopics: readonly EducationTopic[] = [
  {
    id: 'basics',
    title: 'Privacy Basics',
    summary: 'The habits that protect you most for the least effort.',
    tips: [
      {
        title: 'Use a different password for every account',
        level: 'beginner',
        body: 'When one site leaks its passwords, attackers try the same email and password everywhere else. A unique password per site stops one breach from becoming many.',
        steps: [
          'Install a password manager (many browsers and phones include one).',
          'Let it generate long random passwords for new accounts.',
          'Change reused passwords first on your email, bank and phone accounts.',
        ],
      },
      {
        title: 'Review app permissions',
        level: 'intermediate',
        body: 'Apps often ask for location, contacts, camera or microphone access they do not need for what you use them for. Each permission is data that can be collected and shared.',
        steps: [
          'Open your phone’s privacy or permission settings and review each app.',
          'Set location to “While using the app” or “Never” unless the app truly needs it.',
          'Remove apps you no longer use: they may still collect data in the background.',
        ],
      },
      {
        title: 'Use email aliases to limit tracking',
        level: 'advanced',
        body: 'Giving every shop and newsletter the same address lets data brokers link your accounts together, and makes you an easy target after a breach. Separate addresses break that link.',
        steps: [
          'Use an email alias service that forwards to your inbox. “Plus” addresses (you+shop@example.com) show who leaked them, but are easy to strip back to your real address.',
          'Give each service its own alias so you can see who shared or leaked it.',
          'Turn off an alias that starts receiving spam instead of changing your main address.',
        ],
      },
    ],
  },
  {
    id: 'social',
    title: 'Social Media Privacy',
    summary: 'Share with the people you mean to, and nobody else.',
    tips: [
      {
        title: 'Check who can see your posts',
        level: 'beginner',
        body: 'Many platforms default new posts and profiles to public. Anyone, including scrapers and data brokers, can then read and copy them.',
        steps: [
          'Open each platform’s privacy settings and set the default audience to friends or followers.',
          'Use the “view as public” option, where offered, to see what strangers see.',
          'Limit who can look you up by email address or phone number.',
        ],
      },
      {
        title: 'Think before posting where you are',
        level: 'intermediate',
        body: 'Check-ins, tagged places and photos of your street or front door reveal where you live and when you are away. Posting live also tells people you are not at home.',
        steps: [
          'Turn off automatic location tagging for posts and photos.',
          'Post holiday photos after you return rather than while you are away.',
          'Avoid photos that show house numbers, car plates, school uniforms or ID badges.',
        ],
      },
      {
        title: 'Reduce what old posts reveal',
        level: 'advanced',
        body: 'Years of posts add up: birthdays, pet names, schools and first cars are common answers to security questions, and old opinions can be taken out of context.',
        steps: [
          'Use the platform’s tool to limit the audience of past posts in one go.',
          'Download your archive, then delete or archive posts you no longer want public.',
          'Remove your birth date and home town from your profile, or hide them.',
        ],
      },
    ],
  },
  {
    id: 'security',
    title: 'Security Best Practices',
    summary: 'Keep attackers out of the accounts that hold your data.',
    tips: [
      {
        title: 'Turn on two-factor authentication',
        level: 'beginner',
        body: 'With a second factor, a stolen password alone is not enough to get into your account. Start with your email account: it can reset every other password.',
        steps: [
          'Enable two-factor authentication on email, banking and social accounts.',
          'Prefer an authenticator app or a security key over text messages.',
          'Store the backup codes somewhere safe, such as your password manager.',
        ],
      },
      {
        title: 'Recognise phishing',
        level: 'intermediate',
        body: 'Phishing messages create urgency (“your account will be closed”) and send you to a look-alike site that collects your password. Leaked email addresses make you a likelier target.',
        steps: [
          'Check the sender’s address and the real link target before you click.',
          'Go to the site by typing its address or using your bookmark, not the link in the message.',
          'Never enter a password on a page you reached from an unexpected message.',
        ],
      },
      {
        title: 'Keep devices and software up to date',
        level: 'advanced',
        body: 'Updates fix security holes that attackers actively use. Old routers and phones that no longer receive updates stay vulnerable for good.',
        steps: [
          'Turn on automatic updates for your operating system, browser and apps.',
          'Update your router’s firmware and change its default admin password.',
          'Replace devices once the maker stops publishing security updates for them.',
        ],
      },
    ],
  },
  {
    id: 'data',
    title: 'Data Protection',
    summary: 'Know your rights and take your data back.',
    tips: [
      {
        title: 'Strip metadata from photos before sharing',
        level: 'beginner',
        body: 'Photos from phones often store the exact GPS position, the time and the device model inside the file. Some sites remove it on upload; messaging apps and email usually do not.',
        steps: [
          'Turn off location tagging in your camera app if you do not need it.',
          'Remove location data when sharing (most phones offer this in the share sheet).',
          'Check a photo’s metadata before sending it to someone you do not know.',
        ],
      },
      {
        title: 'Opt out of data brokers',
        level: 'intermediate',
        body: 'People-search sites and data brokers compile addresses, phone numbers and relatives from public records and purchased data. Most must remove your listing when asked.',
        steps: [
          'Search your name with your town to find people-search listings.',
          'Use each site’s opt-out form; keep a note of where you asked and when.',
          'Check again every few months: listings often reappear.',
        ],
      },
      {
        title: 'Use your data protection rights',
        level: 'advanced',
        body: 'In many places, including the EU and UK (GDPR) and California (CCPA), you can ask a company for a copy of your data, have it corrected or deleted, and object to its sale.',
        steps: [
          'Send a subject access request to see what a company holds about you.',
          'Ask for deletion of data you no longer want it to keep.',
          'If a company does not answer within the legal deadline, complain to your data protection authority.',
        ],
      },
    ],
  },
];

/** Where to learn more: named, not linked (Footprint's pages link to nothing outside the site). */
export const additionalResources: readonly { title: string; text: string }[] = [
  {
    title: 'Have I Been Pwned',
    text: 'A free service by Troy Hunt that tells you which known data breaches include your email address.',
  },
  {
    title: 'Surveillance Self-Defense',
    text: 'The Electronic Frontier Foundation’s guides to protecting yourself and your devices online.',
  },
  {
    title: 'Your data protection authority',
    text: 'The regulator in your country explains your rights and handles complaints about how companies use your data.',
  },
];
