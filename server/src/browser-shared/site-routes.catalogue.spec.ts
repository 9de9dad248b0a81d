import { disallowedPaths, documentTitle, NOT_FOUND_PAGE, SITE_ROUTES, siteRouteFor, sitemapRoutes } from './site-routes.catalogue';

describe('the site routes catalogue', () => {
  it('has one entry per path, each with a title and a description of search-result length', () => {
    const paths = SITE_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of SITE_ROUTES) {
      expect(route.path).toMatch(/^\/[a-z/-]*$/);
      expect(route.title.length).toBeGreaterThan(2);
      expect(route.description.length).toBeGreaterThan(40);
      expect(route.description.length).toBeLessThanOrEqual(160);
    }
  });

  it('finds pages the way the client router matches them', () => {
    expect(siteRouteFor('/pricing')?.path).toBe('/pricing');
    expect(siteRouteFor('/pricing/')?.path).toBe('/pricing');
    expect(siteRouteFor('/Pricing')?.path).toBe('/pricing');
    expect(siteRouteFor('/')?.path).toBe('/');
    expect(siteRouteFor('/monitoring/verify-email')?.path).toBe('/monitoring/verify-email');
    expect(siteRouteFor('/metrics')).toBeUndefined();
    expect(siteRouteFor('/pricing/extra')).toBeUndefined();
  });

  it('titles pages after the product', () => {
    expect(documentTitle(siteRouteFor('/pricing')!)).toBe('Pricing · Footprint');
    expect(documentTitle(siteRouteFor('/')!)).toBe('Footprint — Your privacy audit');
    expect(documentTitle(NOT_FOUND_PAGE)).toBe('Page not found · Footprint');
  });

  it('lists only public pages in the sitemap and keeps crawlers off the others', () => {
    const listed = sitemapRoutes().map((route) => route.path);
    expect(listed).toEqual(['/', '/features', '/about', '/pricing', '/education', '/privacy', '/terms', '/login', '/signup']);
    const disallowed = disallowedPaths();
    expect(disallowed).toEqual(['/api/', '/reset-password', '/verify-email', '/dashboard', '/history', '/report', '/account', '/monitoring', '/requests']);
    for (const path of listed) expect(disallowed.some((prefix) => path.startsWith(prefix))).toBe(false);
    // Every page that is not public sits under a disallowed prefix.
    for (const route of SITE_ROUTES.filter((r) => r.access !== 'public')) {
      expect(disallowed.some((prefix) => route.path === prefix || route.path.startsWith(`${prefix}/`))).toBe(true);
    }
  });
});
