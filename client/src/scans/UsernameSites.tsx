import { Badge, Box, Flex, Heading, Link, List, Text, VisuallyHidden } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { safeWebUrl, usernameSitesView } from './scan-display';
import type { UsernameSite, UsernameSiteList } from './scan-types';

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5';

/** A link out of the app, in a new tab with no opener or referrer handed to it; plain text when the address is no web address. */
export function OutLink({ href, what, children }: { href: string; what?: string; children: ReactNode }) {
  const url = safeWebUrl(href);
  if (!url) return <>{children}</>;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" color="blue.fg" variant="underline">
      {children}
      <VisuallyHidden>
        {what ? ` ${what}` : ''} (opens in a new tab)
      </VisuallyHidden>
    </Link>
  );
}

/** A link to the site's page for the name; nothing when its address is no web address. */
function SiteLink({ site, label, what }: { site: UsernameSite; label: string; what: string }) {
  if (!safeWebUrl(site.url)) return null;
  return (
    <OutLink href={site.url} what={what}>
      {label}
    </OutLink>
  );
}

/** One site of the list: its name, why it was judged so, and what to do with it. */
function SiteRow({ site, outcome, children }: { site: UsernameSite; outcome: 'miss' | 'unknown'; children?: ReactNode }) {
  return (
    <List.Item data-outcome={outcome}>
      <Flex gap="2" wrap="wrap" align="baseline">
        <Text>{site.site}</Text>
        <Text fontSize="sm" color="fg.muted">
          {site.reason}
        </Text>
        {children}
      </Flex>
    </List.Item>
  );
}

/** More sites than this that could not be checked are listed on request, like the misses. */
const UNKNOWN_LISTED_OPEN = 10;

/**
 * Where the sites came from, with the credit the configured list's licence asks for (WhatsMyName:
 * CC BY-SA 4.0, with links); or that it could not be downloaded and Footprint's own list served alone.
 */
function SiteListCredit({ siteList }: { siteList: UsernameSiteList }) {
  const { list, builtIn } = siteList;
  if (!list) return null;
  const listName = list.name === 'WhatsMyName' ? "WhatsMyName's site list" : `The site list at ${list.name}`;
  return (
    <Text fontSize="sm" color="fg.muted" mt="3" data-testid="username-site-list">
      {list.loaded ? (
        <>
          Sites from <OutLink href={list.url}>{list.name}</OutLink>
          {list.license && (
            <>
              {' '}
              ({list.licenseUrl ? <OutLink href={list.licenseUrl}>{list.license}</OutLink> : list.license})
            </>
          )}
          {builtIn > 0 ? " and from Footprint's own list." : '.'}
        </>
      ) : (
        `${listName} could not be downloaded yet: only Footprint's own list of sites was checked.`
      )}
    </Text>
  );
}

/**
 * Where the username is taken: found sites with a link to check each profile, the sites that do
 * not know the name (counted, listed on request), and the sites that could not be checked, listed
 * with the reason and a link to look by hand (never counted as found or not found; many of them
 * listed on request too). Below, where the sites came from, with the credit their list is owed.
 */
export function UsernameSites({ sites, siteList, headingAs }: { sites: readonly UsernameSite[]; siteList?: UsernameSiteList; headingAs: HeadingTag }) {
  const view = usernameSitesView(sites);
  const titleId = useId();
  const notFound = view.notFound.length;
  return (
    <Box as="section" aria-labelledby={titleId} data-testid="username-sites">
      <Heading as={headingAs} id={titleId} size="lg" mb="1">
        Where this username is taken
      </Heading>
      <Text color="fg.muted" mb="3">
        {view.headline}
      </Text>

      {view.found.length > 0 && (
        <List.Root gap="2" listStyle="none" aria-label="Sites where the username was found" mb="3">
          {view.found.map((site) => (
            <List.Item key={site.site} display="flex" gap="2" alignItems="baseline" flexWrap="wrap" data-outcome="hit">
              <Text fontWeight="semibold">{site.site}</Text>
              <Badge variant="subtle" colorPalette="gray">
                {site.category}
              </Badge>
              <SiteLink site={site} label="Check" what={`the ${site.site} profile`} />
              {site.askedUrl && (
                <Text fontSize="sm" color="fg.muted" wordBreak="break-all" data-testid="username-asked-url">
                  asked {site.askedUrl}: {site.reason}
                </Text>
              )}
            </List.Item>
          ))}
        </List.Root>
      )}

      {notFound > 0 ? (
        <Box as="details" mb={view.unknown.length > 0 ? '3' : undefined}>
          <Box as="summary" cursor="pointer" color="fg" data-testid="username-not-found">
            Not found on {notFound} {notFound === 1 ? 'site' : 'sites'}.
          </Box>
          <List.Root gap="1" listStyle="none" mt="1" ps="4" aria-label="Sites where the username was not found">
            {view.notFound.map((site) => (
              <SiteRow key={site.site} site={site} outcome="miss" />
            ))}
          </List.Root>
        </Box>
      ) : (
        <Text color="fg" mb={view.unknown.length > 0 ? '3' : undefined} data-testid="username-not-found">
          Not found on 0 sites.
        </Text>
      )}

      {view.unknown.length > 0 && view.unknown.length <= UNKNOWN_LISTED_OPEN && (
        <Box>
          <Text fontWeight="medium" mb="1">
            Could not check
          </Text>
          <UnknownList sites={view.unknown} />
        </Box>
      )}
      {view.unknown.length > UNKNOWN_LISTED_OPEN && (
        <Box as="details">
          <Box as="summary" cursor="pointer" fontWeight="medium" data-testid="username-unknown">
            Could not check {view.unknown.length} sites.
          </Box>
          <Box mt="1" ps="4">
            <UnknownList sites={view.unknown} />
          </Box>
        </Box>
      )}
      {siteList && <SiteListCredit siteList={siteList} />}
    </Box>
  );
}

function UnknownList({ sites }: { sites: readonly UsernameSite[] }) {
  return (
    <List.Root gap="1" listStyle="none" aria-label="Sites that could not be checked">
      {sites.map((site) => (
        <SiteRow key={site.site} site={site} outcome="unknown">
          <SiteLink site={site} label="Look by hand" what={`for the name on ${site.site}`} />
        </SiteRow>
      ))}
    </List.Root>
  );
}
