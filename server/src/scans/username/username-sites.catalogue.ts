import type { UsernameSite } from './username-site.types';

/**
 * Footprint's own list of sites to look a username up on, written by us (no third-party list data):
 * the default when USERNAME_SITE_LIST_URL is unset, merged with a configured list otherwise (the
 * configured entry wins by name). Each entry states how the site answers an anonymous GET for an
 * existing and a missing account; where a site has a public JSON endpoint we ask that, since its
 * answer is stable and small. A hit always needs the existence marker in the body: a status code
 * alone is what login walls and catch-all pages fake.
 *
 * Sites whose anonymous answer is the same page for every name (login walls: Instagram, X, TikTok,
 * LinkedIn, Facebook) are left out: no answer of theirs can tell a taken name from a free one.
 *
 * These answers cannot be verified in CI (no Internet there); sites change them. A maintained list
 * given in USERNAME_SITE_LIST_URL overrides an entry of the same name.
 */
type Entry = Omit<UsernameSite, 'adult' | 'profilePage'> & { profilePage?: boolean };

const site = (entry: Entry): UsernameSite => ({ ...entry, adult: false, profilePage: entry.profilePage ?? false });

/** A Mastodon server's account lookup: 200 with the account, 404 with an error object. */
const mastodon = (name: string, host: string): UsernameSite =>
  site({
    name,
    uriCheck: `https://${host}/api/v1/accounts/lookup?acct={account}`,
    uriPretty: `https://${host}/@{account}`,
    eCode: 200,
    eString: '"username":',
    mCode: 404,
    mString: '"error":',
    category: 'social',
    profilePage: true,
  });

/** A Gitea or Forgejo server's user API: 200 with the user, 404 otherwise. */
const gitea = (name: string, host: string): UsernameSite =>
  site({
    name,
    uriCheck: `https://${host}/api/v1/users/{account}`,
    uriPretty: `https://${host}/{account}`,
    eCode: 200,
    eString: '"login":',
    mCode: 404,
    mString: '',
    category: 'coding',
    profilePage: true,
  });

export const BUILT_IN_USERNAME_SITES: readonly UsernameSite[] = [
  site({
    name: 'GitHub',
    uriCheck: 'https://api.github.com/users/{account}',
    uriPretty: 'https://github.com/{account}',
    eCode: 200,
    eString: '"login":',
    mCode: 404,
    mString: '"Not Found"',
    category: 'coding',
    // The user object carries name, company, blog, location, public email and bio.
    profilePage: true,
  }),
  site({
    name: 'GitLab',
    uriCheck: 'https://gitlab.com/api/v4/users?username={account}',
    uriPretty: 'https://gitlab.com/{account}',
    eCode: 200,
    eString: '"username":',
    // An empty array for a free name.
    mCode: 200,
    mString: '',
    category: 'coding',
  }),
  gitea('Codeberg', 'codeberg.org'),
  gitea('Gitea', 'gitea.com'),
  site({
    name: 'Reddit',
    uriCheck: 'https://www.reddit.com/user/{account}/about.json',
    uriPretty: 'https://www.reddit.com/user/{account}',
    eCode: 200,
    // Reddit's "thing" kind of an account.
    eString: '"t2"',
    mCode: 404,
    mString: '"Not Found"',
    category: 'social',
    platform: 'reddit',
  }),
  site({
    name: 'YouTube',
    uriCheck: 'https://www.youtube.com/@{account}',
    eCode: 200,
    // The canonical link of a channel page, in its head.
    eString: 'youtube.com/channel/UC',
    mCode: 404,
    mString: '',
    category: 'video',
    platform: 'youtube',
  }),
  site({
    name: 'Hacker News',
    uriCheck: 'https://hacker-news.firebaseio.com/v0/user/{account}.json',
    uriPretty: 'https://news.ycombinator.com/user?id={account}',
    eCode: 200,
    eString: '"created":',
    // The API answers a free name with the JSON literal null.
    mCode: 200,
    mString: 'null',
    category: 'tech',
    profilePage: true,
  }),
  site({
    name: 'Lobsters',
    uriCheck: 'https://lobste.rs/u/{account}.json',
    uriPretty: 'https://lobste.rs/u/{account}',
    eCode: 200,
    eString: '"username":',
    mCode: 404,
    mString: '',
    category: 'tech',
    profilePage: true,
  }),
  site({
    name: 'DEV Community',
    uriCheck: 'https://dev.to/api/users/by_username?url={account}',
    uriPretty: 'https://dev.to/{account}',
    eCode: 200,
    eString: '"username":',
    mCode: 404,
    mString: '',
    category: 'coding',
    profilePage: true,
  }),
  site({
    name: 'PyPI',
    uriCheck: 'https://pypi.org/user/{account}/',
    eCode: 200,
    eString: 'Profile of ',
    mCode: 404,
    mString: '',
    category: 'coding',
  }),
  site({
    name: 'crates.io',
    uriCheck: 'https://crates.io/api/v1/users/{account}',
    uriPretty: 'https://crates.io/users/{account}',
    eCode: 200,
    eString: '"login":',
    mCode: 404,
    mString: '',
    category: 'coding',
  }),
  site({
    name: 'Docker Hub',
    uriCheck: 'https://hub.docker.com/v2/users/{account}/',
    uriPretty: 'https://hub.docker.com/u/{account}',
    eCode: 200,
    eString: '"username":',
    mCode: 404,
    mString: '',
    category: 'coding',
    // full_name, location, company and profile_url when the owner filled them in.
    profilePage: true,
  }),
  site({
    name: 'Codewars',
    uriCheck: 'https://www.codewars.com/api/v1/users/{account}',
    uriPretty: 'https://www.codewars.com/users/{account}',
    eCode: 200,
    eString: '"username":',
    mCode: 404,
    mString: '',
    category: 'coding',
  }),
  site({
    name: 'Keybase',
    uriCheck: 'https://keybase.io/_/api/1.0/user/lookup.json?usernames={account}',
    uriPretty: 'https://keybase.io/{account}',
    eCode: 200,
    eString: '"basics":',
    mCode: 200,
    mString: '',
    category: 'tech',
    profilePage: true,
  }),
  mastodon('Mastodon.social', 'mastodon.social'),
  mastodon('Fosstodon', 'fosstodon.org'),
  mastodon('Hachyderm', 'hachyderm.io'),
  site({
    name: 'Bluesky',
    uriCheck: 'https://public.api.bsky.app/xrpc/app.bsky.actor.getProfile?actor={account}.bsky.social',
    uriPretty: 'https://bsky.app/profile/{account}.bsky.social',
    eCode: 200,
    eString: '"did":',
    // A free handle and a name that is no valid handle both answer 400.
    mCode: 400,
    mString: '',
    category: 'social',
    profilePage: true,
  }),
  site({
    name: 'Lemmy.world',
    uriCheck: 'https://lemmy.world/api/v3/user?username={account}',
    uriPretty: 'https://lemmy.world/u/{account}',
    eCode: 200,
    eString: '"person_view":',
    mCode: 404,
    mString: 'couldnt_find_person',
    category: 'social',
    profilePage: true,
  }),
  site({
    name: 'Telegram',
    uriCheck: 'https://t.me/{account}',
    eCode: 200,
    // The "@name" line under a user's or channel's title; a free name gets the generic page.
    eString: 'tgme_page_extra',
    mCode: 200,
    mString: '',
    category: 'social',
    profilePage: true,
  }),
  site({
    name: 'Gravatar',
    uriCheck: 'https://api.gravatar.com/v3/profiles/{account}',
    uriPretty: 'https://gravatar.com/{account}',
    eCode: 200,
    eString: '"profile_url":',
    mCode: 404,
    mString: '',
    category: 'social',
    profilePage: true,
  }),
  site({
    name: 'Wikipedia',
    uriCheck: 'https://en.wikipedia.org/w/api.php?action=query&list=users&format=json&ususers={account}',
    uriPretty: 'https://en.wikipedia.org/wiki/User:{account}',
    eCode: 200,
    eString: '"userid":',
    mCode: 200,
    mString: '"missing":',
    category: 'wiki',
  }),
  site({
    name: 'Steam',
    uriCheck: 'https://steamcommunity.com/id/{account}',
    eCode: 200,
    // The profile's data object in the page script.
    eString: 'g_rgProfileData',
    mCode: 200,
    mString: 'The specified profile could not be found',
    category: 'gaming',
    profilePage: true,
  }),
  site({
    name: 'Chess.com',
    uriCheck: 'https://api.chess.com/pub/player/{account}',
    uriPretty: 'https://www.chess.com/member/{account}',
    eCode: 200,
    eString: '"player_id":',
    mCode: 404,
    mString: '',
    category: 'gaming',
    profilePage: true,
  }),
  site({
    name: 'Lichess',
    uriCheck: 'https://lichess.org/api/user/{account}',
    uriPretty: 'https://lichess.org/@/{account}',
    eCode: 200,
    eString: '"username":',
    mCode: 404,
    mString: '',
    category: 'gaming',
    // The profile object may hold a real name, location, bio and links.
    profilePage: true,
  }),
  site({
    name: 'Minecraft',
    uriCheck: 'https://api.mojang.com/users/profiles/minecraft/{account}',
    eCode: 200,
    eString: '"id"',
    mCode: 404,
    mString: '',
    category: 'gaming',
  }),
  site({
    name: 'Speedrun.com',
    uriCheck: 'https://www.speedrun.com/api/v1/users/{account}',
    uriPretty: 'https://www.speedrun.com/users/{account}',
    eCode: 200,
    eString: '"names":',
    mCode: 404,
    mString: '',
    category: 'gaming',
    profilePage: true,
  }),
  site({
    name: 'Scratch',
    uriCheck: 'https://api.scratch.mit.edu/users/{account}',
    uriPretty: 'https://scratch.mit.edu/users/{account}',
    eCode: 200,
    eString: '"username":',
    mCode: 404,
    mString: '',
    category: 'hobby',
    // profile.bio, profile.status and profile.country.
    profilePage: true,
  }),
  site({
    name: 'Duolingo',
    uriCheck: 'https://www.duolingo.com/2017-06-30/users?username={account}',
    uriPretty: 'https://www.duolingo.com/profile/{account}',
    eCode: 200,
    eString: '"users":[{',
    mCode: 200,
    mString: '"users":[]',
    category: 'hobby',
  }),
  site({
    name: 'SoundCloud',
    uriCheck: 'https://soundcloud.com/{account}',
    eCode: 200,
    // The app link of a user page.
    eString: 'soundcloud://users:',
    mCode: 404,
    mString: '',
    category: 'music',
  }),
];
