/**
 * The social-media vocabulary as data: for each of the seven platforms the product covers, what
 * its public profile typically exposes and the exact settings that limit it; a generic
 * list for every other site the username is found on; and the advice for personal data read from
 * a public profile page. Written in our own words. The username analyzers turn these into findings,
 * and the recommendation catalogue takes its entries from here, so the grid shows this advice.
 */
import { SOCIAL_PLATFORMS, type SocialPlatform } from '../browser-shared/scan-input.rules';
import type { CatalogueRecommendation } from './recommendation.types';
import type { RiskLevel } from './risk.types';

/** The risk level of every social finding: a public profile is a medium risk, never low or high by itself. */
export const SOCIAL_RISK_LEVEL: RiskLevel = 'medium';

/** The platform risks, one finding type each (unique across platforms). */
export const SOCIAL_PLATFORM_RISK_TYPES = [
  'instagram_public_account',
  'instagram_location_tags',
  'instagram_account_suggestions',
  'instagram_activity_status',
  'twitter_public_posts',
  'twitter_location',
  'twitter_discoverability',
  'twitter_photo_tagging',
  'linkedin_public_profile',
  'linkedin_contact_info',
  'linkedin_work_history',
  'facebook_public_profile',
  'facebook_friends_list',
  'facebook_lookup',
  'facebook_tagging',
  'tiktok_public_account',
  'tiktok_account_suggestions',
  'tiktok_places_in_videos',
  'youtube_public_subscriptions',
  'youtube_channel_details',
  'youtube_video_location',
  'reddit_history',
  'reddit_search_engines',
  'reddit_identity_linking',
] as const;
export type SocialPlatformRiskType = (typeof SOCIAL_PLATFORM_RISK_TYPES)[number];

/** What the username check and the profile reader report, whatever the site. */
export const SOCIAL_GENERIC_TYPES = [
  'username_found',
  'username_reused',
  'social_profile_email',
  'social_profile_phone',
  'social_profile_location',
  'social_profile_links',
  'social_profile_employer',
] as const;
export type SocialGenericType = (typeof SOCIAL_GENERIC_TYPES)[number];

export const SOCIAL_FINDING_TYPES = [...SOCIAL_GENERIC_TYPES, ...SOCIAL_PLATFORM_RISK_TYPES] as const;
export type SocialFindingType = (typeof SOCIAL_FINDING_TYPES)[number];

export interface SocialPlatformRisk {
  type: SocialPlatformRiskType;
  /** What a public profile on this platform typically exposes: the finding's value. */
  exposure: string;
  /** The setting to change, by its path in the platform's menus, and why. */
  recommendation: CatalogueRecommendation;
}

export interface SocialPlatformEntry {
  /** How the platform names itself. */
  name: string;
  /** The platform's own privacy settings or help page (https). */
  settingsUrl: string;
  risks: readonly SocialPlatformRisk[];
}

const social = (priority: CatalogueRecommendation['priority'], action: string, why: string): CatalogueRecommendation => ({
  category: 'Social Media',
  priority,
  action,
  why,
});
const location = (priority: CatalogueRecommendation['priority'], action: string, why: string): CatalogueRecommendation => ({
  category: 'Location Privacy',
  priority,
  action,
  why,
});

export const SOCIAL_PLATFORM_CATALOGUE: Readonly<Record<SocialPlatform, SocialPlatformEntry>> = {
  instagram: {
    name: 'Instagram',
    settingsUrl: 'https://accountscenter.instagram.com/',
    risks: [
      {
        type: 'instagram_public_account',
        exposure: 'A public Instagram account shows every post, reel and highlight, and who follows it and whom it follows, to anyone',
        recommendation: social(
          'medium',
          'On Instagram, open Settings and activity → Account privacy and turn on Private account; then remove followers you do not know.',
          'Posts and follower lists are what people-search sites and scammers collect first.',
        ),
      },
      {
        type: 'instagram_location_tags',
        exposure: 'Location tags on posts and stories, and places recognisable in photos, show where the account holder lives, works and goes',
        recommendation: location(
          'medium',
          "Stop tagging locations on Instagram posts and stories, remove them from past posts (… → Edit → remove the location), and turn off Instagram's location access in your phone's settings.",
          'A handful of tagged places is enough to work out a home, a workplace and a daily routine.',
        ),
      },
      {
        type: 'instagram_account_suggestions',
        exposure: 'Instagram suggests the account to people who have its phone number or email address in their contacts',
        recommendation: social(
          'medium',
          "On Instagram, go to Edit profile and turn off 'Show account suggestions on profiles', and under Accounts Centre → Your information and permissions → Upload contacts turn contact syncing off.",
          'Contact-based suggestions let anyone with your number find the account you thought was separate.',
        ),
      },
      {
        type: 'instagram_activity_status',
        exposure: 'Activity status shows followers and people in messages when the account was last active',
        recommendation: social(
          'low',
          "On Instagram, open Settings and activity → Messages and story replies → Show activity status and turn it off.",
          'Online times reveal sleep, work and travel patterns.',
        ),
      },
    ],
  },
  twitter: {
    name: 'X (Twitter)',
    settingsUrl: 'https://x.com/settings/privacy_and_safety',
    risks: [
      {
        type: 'twitter_public_posts',
        exposure: 'Posts on a public X account can be read, searched, quoted and archived by anyone, years back',
        recommendation: social(
          'medium',
          'On X, open Settings and privacy → Privacy and safety → Audience and tagging and turn on Protect your posts; delete old posts you no longer want public.',
          'A long public post history is searchable for your opinions, habits and the places you mention.',
        ),
      },
      {
        type: 'twitter_location',
        exposure: "Posts can carry a precise location, and the profile's location field is public",
        recommendation: location(
          'medium',
          "On X, open Settings and privacy → Privacy and safety → Location information, turn off 'Add location information to your posts' and delete the location information attached to past posts; clear the Location field under Edit profile.",
          'Locations on posts show where you were and when.',
        ),
      },
      {
        type: 'twitter_discoverability',
        exposure: 'Others can find the account by its email address or phone number',
        recommendation: social(
          'medium',
          "On X, open Settings and privacy → Privacy and safety → Discoverability and contacts, turn off both 'Let others find you by your email' and '… by your phone number', and remove uploaded contacts.",
          'Lookup by email or phone joins an anonymous-looking account to a real person.',
        ),
      },
      {
        type: 'twitter_photo_tagging',
        exposure: 'Anyone can tag the account in photos',
        recommendation: social(
          'low',
          'On X, open Settings and privacy → Privacy and safety → Audience and tagging → Photo tagging and turn it off, or allow only people you follow.',
          'Tags put your account on photos of places and people you did not choose to share.',
        ),
      },
    ],
  },
  linkedin: {
    name: 'LinkedIn',
    settingsUrl: 'https://www.linkedin.com/mypreferences/d/categories/privacy',
    risks: [
      {
        type: 'linkedin_public_profile',
        exposure: 'The public LinkedIn profile shows name, photo, headline, employers and education to anyone, search engines included',
        recommendation: social(
          'medium',
          "On LinkedIn, open Me → Settings & Privacy → Visibility → Edit your public profile, and turn off 'Your profile's public visibility' or hide the sections (photo, experience, education) you do not want public.",
          'A full career history is what fake recruiters and impersonators need to sound credible.',
        ),
      },
      {
        type: 'linkedin_contact_info',
        exposure: "Contact info (email, phone, birthday) is visible to every connection, including people accepted without knowing them",
        recommendation: social(
          'medium',
          "On LinkedIn, open Settings & Privacy → Visibility → 'Who can see or download your email address' and choose Only visible to me; remove your phone number and birthday from Contact info or limit them to yourself.",
          'Connections can export contact details in bulk, and fake profiles collect connections for this.',
        ),
      },
      {
        type: 'linkedin_work_history',
        exposure: 'Current employer and job title make the account holder a target for fake recruiters and for impersonation of colleagues',
        recommendation: social(
          'medium',
          "On LinkedIn, under Settings & Privacy → Visibility, turn off 'Share profile updates with your network' before editing your experience, and be wary of job offers or messages that ask you to sign in elsewhere or install something.",
          'Knowing where you work and what you do makes phishing and invoice fraud against you and your employer believable.',
        ),
      },
    ],
  },
  facebook: {
    name: 'Facebook',
    settingsUrl: 'https://www.facebook.com/settings',
    risks: [
      {
        type: 'facebook_public_profile',
        exposure: 'Profile details (work, education, places lived, family, relationship) and posts set to Public can be seen by anyone',
        recommendation: social(
          'medium',
          "On Facebook, open Settings & privacy → Settings → Posts and set 'Who can see your future posts?' to Friends, use 'Limit who can see past posts', and in your profile's About section set each detail to Friends or Only me.",
          'Public profile details answer security questions and feed people-search sites.',
        ),
      },
      {
        type: 'facebook_friends_list',
        exposure: 'The friends list shows who the account holder knows',
        recommendation: social(
          'medium',
          "On Facebook, open Settings → How people find and contact you → 'Who can see your friends list?' and choose Only me.",
          'Scammers clone profiles and message your friends from the list.',
        ),
      },
      {
        type: 'facebook_lookup',
        exposure: 'People can find the profile with its email address or phone number, and search engines can link to it',
        recommendation: social(
          'medium',
          "On Facebook, open Settings → How people find and contact you, set 'Who can look you up using the email address / phone number you provided?' to Only me, and turn off 'Do you want search engines outside of Facebook to link to your profile?'.",
          'Lookup by phone or email connects your number to your name, photos and friends.',
        ),
      },
      {
        type: 'facebook_tagging',
        exposure: 'Friends can tag the account in posts, photos and check-ins that then appear on the profile',
        recommendation: location(
          'low',
          "On Facebook, open Settings → Profile and tagging and turn on 'Review posts you're tagged in before the post appears on your profile' and 'Review tags people add to your posts before the tags appear on Facebook'.",
          'Tags and check-ins by others can show where you were without your say.',
        ),
      },
    ],
  },
  tiktok: {
    name: 'TikTok',
    settingsUrl: 'https://www.tiktok.com/setting.schema',
    risks: [
      {
        type: 'tiktok_public_account',
        exposure: 'Videos on a public TikTok account can be watched, downloaded, duetted and stitched by anyone',
        recommendation: social(
          'medium',
          'On TikTok, open Profile → Menu → Settings and privacy → Privacy and turn on Private account; under Privacy → Downloads, turn video downloads off.',
          'Downloaded videos stay in circulation after you delete them.',
        ),
      },
      {
        type: 'tiktok_account_suggestions',
        exposure: 'TikTok suggests the account to phone contacts, Facebook friends and people with mutual connections',
        recommendation: social(
          'medium',
          "On TikTok, open Settings and privacy → Privacy → 'Suggest your account to others' and turn off every option, then turn off contact and Facebook friend syncing.",
          'Suggestions let people who have your number find the account.',
        ),
      },
      {
        type: 'tiktok_places_in_videos',
        exposure: 'Backgrounds in videos (the outside of a home, street signs, school uniforms, number plates) show where the account holder lives and goes',
        recommendation: location(
          'medium',
          "Check what is behind you before posting a TikTok video, avoid filming the outside of your home or your street, and turn off TikTok's location access in your phone's settings.",
          'Viewers locate people from a single recognisable window view or street corner.',
        ),
      },
    ],
  },
  youtube: {
    name: 'YouTube',
    settingsUrl: 'https://www.youtube.com/account_privacy',
    risks: [
      {
        type: 'youtube_public_subscriptions',
        exposure: 'Subscriptions and saved playlists can be public, showing the channel owner\'s interests',
        recommendation: social(
          'low',
          "On YouTube, open Settings → Privacy and turn on 'Keep all my subscriptions private'; set playlists you keep for yourself to Private.",
          'Subscriptions reveal interests, beliefs and often where you live.',
        ),
      },
      {
        type: 'youtube_channel_details',
        exposure: "The channel's About section can show a contact email, links to other accounts and a country",
        recommendation: social(
          'medium',
          'In YouTube Studio, open Customisation → Basic info and remove the contact email, the links and any description details you do not want public.',
          'A contact email and links tie the channel to your other accounts and to you.',
        ),
      },
      {
        type: 'youtube_video_location',
        exposure: 'Videos can carry a recording location and show recognisable places',
        recommendation: location(
          'medium',
          'In YouTube Studio, open Content → a video → Show more → Recording date and location and clear the video location; blur faces and signs with the editor before publishing.',
          'A recording location pins a video, and the people in it, to a place.',
        ),
      },
    ],
  },
  reddit: {
    name: 'Reddit',
    settingsUrl: 'https://www.reddit.com/settings/privacy',
    risks: [
      {
        type: 'reddit_history',
        exposure: 'Every post and comment is public and gathered on the profile; small details over years add up to who the account holder is',
        recommendation: social(
          'medium',
          "On Reddit, open Settings → Profile → 'Curate your profile' and hide your posts and comments from your profile; delete old comments that mention your city, job, school or family.",
          'Years of small details (a city, an employer, an age) identify people who believe they are anonymous.',
        ),
      },
      {
        type: 'reddit_search_engines',
        exposure: 'The profile can appear in search-engine results for the username',
        recommendation: social(
          'low',
          "On Reddit, open Settings → Privacy and turn off 'Show up in search results'.",
          'Search results put your Reddit history next to your other accounts with the same name.',
        ),
      },
      {
        type: 'reddit_identity_linking',
        exposure: 'The same username on Reddit and elsewhere ties pseudonymous posts to the rest of the account holder\'s footprint',
        recommendation: social(
          'medium',
          'Use a Reddit username you use nowhere else, and remove the social links on your Reddit profile (Settings → Profile → Social links).',
          'A shared username is the first thing anyone tries when unmasking a pseudonymous account.',
        ),
      },
    ],
  },
};

/** Advice for what the username check and the profile reader find on any site (the generic list). */
export const SOCIAL_GENERIC_RECOMMENDATIONS: Readonly<Record<SocialGenericType, CatalogueRecommendation>> = {
  username_found: social(
    'medium',
    'For each site where this username was found: if the account is yours, review what its profile shows and its privacy settings, or delete it if you no longer use it; if it is not yours, someone else uses the name there, so be wary of messages that seem to come from you.',
    'Every account under your name is one more public profile, and one more account to take over if it shares a password.',
  ),
  username_reused: social(
    'medium',
    'Use different usernames for accounts you do not want linked to each other, especially pseudonymous ones.',
    'The same username on several sites lets anyone join those accounts into one profile of you in minutes.',
  ),
  social_profile_email: {
    category: 'Personal Information',
    priority: 'high',
    action: 'Remove the email address from the public profile, or replace it with an alias you can turn off.',
    why: 'Public addresses are harvested for spam and phishing, and tie the profile to your other accounts.',
  },
  social_profile_phone: {
    category: 'Personal Information',
    priority: 'high',
    action: 'Remove the phone number from the public profile now; use the site\'s messages or a separate number for contact.',
    why: 'A public phone number invites scam calls, SMS phishing and SIM-swap attempts.',
  },
  social_profile_location: {
    category: 'Location Privacy',
    priority: 'medium',
    action: 'Remove or broaden the location on the public profile (a country instead of a town or street).',
    why: 'A location next to a name and photo narrows down where you can be found.',
  },
  social_profile_links: social(
    'low',
    'Check the links on the public profile and remove those that lead to accounts or pages you do not want tied to this name.',
    'Each link is another place where more about you can be found.',
  ),
  social_profile_employer: {
    category: 'Personal Information',
    priority: 'medium',
    action: 'Remove your employer and job title from public profiles where you do not need them.',
    why: 'Employer and role are what attackers need to impersonate a colleague or a supplier.',
  },
};

/** Every social finding type with its advice: the recommendation catalogue includes this. */
export const SOCIAL_FINDING_RECOMMENDATIONS: Readonly<Record<SocialFindingType, CatalogueRecommendation>> = {
  ...SOCIAL_GENERIC_RECOMMENDATIONS,
  ...(Object.fromEntries(
    SOCIAL_PLATFORMS.flatMap((platform) => SOCIAL_PLATFORM_CATALOGUE[platform].risks.map((risk) => [risk.type, risk.recommendation])),
  ) as Record<SocialPlatformRiskType, CatalogueRecommendation>),
};

/** The display name of a platform ('X (Twitter)' for twitter). */
export function platformName(platform: SocialPlatform): string {
  return SOCIAL_PLATFORM_CATALOGUE[platform].name;
}
