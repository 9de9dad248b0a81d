import { platformOfHost, SOCIAL_PLATFORMS } from '../browser-shared/scan-input.rules';
import { FINDING_TYPES } from './finding.types';
import { RISK_LEVELS } from './risk.types';
import { FINDING_RECOMMENDATIONS } from './recommendation.catalogue';
import {
  platformName,
  SOCIAL_FINDING_RECOMMENDATIONS,
  SOCIAL_FINDING_TYPES,
  SOCIAL_GENERIC_RECOMMENDATIONS,
  SOCIAL_GENERIC_TYPES,
  SOCIAL_PLATFORM_CATALOGUE,
  SOCIAL_PLATFORM_RISK_TYPES,
  SOCIAL_RISK_LEVEL,
} from './social-platform.catalogue';

const allRisks = SOCIAL_PLATFORMS.flatMap((platform) => SOCIAL_PLATFORM_CATALOGUE[platform].risks.map((risk) => ({ platform, ...risk })));

describe('SOCIAL_PLATFORM_CATALOGUE', () => {
  it('uses the spec’s risk level for social findings', () => {
    expect(SOCIAL_RISK_LEVEL).toBe('medium');
  });

  it.each([...SOCIAL_PLATFORMS])('has a name, an https settings page on the platform itself and at least three risks for %s', (platform) => {
    const entry = SOCIAL_PLATFORM_CATALOGUE[platform];
    expect(entry.name.trim()).not.toBe('');
    const settings = new URL(entry.settingsUrl);
    expect(settings.protocol).toBe('https:');
    expect(platformOfHost(settings.hostname)).toBe(platform);
    expect(entry.risks.length).toBeGreaterThanOrEqual(3);
  });

  it('gives every platform risk type to exactly one risk of its own platform', () => {
    expect(allRisks.map((risk) => risk.type).sort()).toEqual([...SOCIAL_PLATFORM_RISK_TYPES].sort());
    for (const risk of allRisks) expect(risk.type.startsWith(`${risk.platform}_`)).toBe(true);
  });

  it.each(allRisks.map((risk) => [risk.type, risk] as const))('%s says what is exposed and which setting to change', (_type, risk) => {
    expect(risk.exposure.length).toBeGreaterThan(30);
    const { recommendation } = risk;
    expect(RISK_LEVELS).toContain(recommendation.priority);
    expect(recommendation.why.length).toBeGreaterThan(20);
    expect(recommendation.action.length).toBeGreaterThan(40);
  });

  it("names the platform in each of its settings actions, with the menu path where the platform has one", () => {
    for (const risk of allRisks) {
      const { action } = risk.recommendation;
      const names = risk.platform === 'twitter' ? ['X', 'Twitter'] : [platformName(risk.platform)];
      const namesPlatform = names.some((name) => new RegExp(`\\b${name}\\b`).test(action)) || action.includes('YouTube Studio');
      expect({ type: risk.type, namesPlatform }).toEqual({ type: risk.type, namesPlatform: true });
    }
    const withMenuPath = allRisks.filter((risk) => risk.recommendation.action.includes('→'));
    expect(withMenuPath.length).toBeGreaterThanOrEqual(allRisks.length - 2);
  });

  it('never repeats an action word for word across platforms', () => {
    const actions = allRisks.map((risk) => risk.recommendation.action);
    expect(new Set(actions).size).toBe(actions.length);
  });
});

describe('the generic list and the recommendation catalogue', () => {
  it.each([...SOCIAL_GENERIC_TYPES])('has well-formed advice for %s', (type) => {
    const entry = SOCIAL_GENERIC_RECOMMENDATIONS[type];
    expect(entry.category.trim()).not.toBe('');
    expect(entry.action.length).toBeGreaterThan(40);
    expect(RISK_LEVELS).toContain(entry.priority);
  });

  it('puts every social finding type, and its advice, into the shared catalogue', () => {
    for (const type of SOCIAL_FINDING_TYPES) {
      expect(FINDING_TYPES).toContain(type);
      expect(FINDING_RECOMMENDATIONS[type]).toBe(SOCIAL_FINDING_RECOMMENDATIONS[type]);
    }
    expect(Object.keys(SOCIAL_FINDING_RECOMMENDATIONS).sort()).toEqual([...SOCIAL_FINDING_TYPES].sort());
  });

  it('rates a public phone number or email above a list of links', () => {
    expect(SOCIAL_GENERIC_RECOMMENDATIONS.social_profile_phone.priority).toBe('high');
    expect(SOCIAL_GENERIC_RECOMMENDATIONS.social_profile_email.priority).toBe('high');
    expect(SOCIAL_GENERIC_RECOMMENDATIONS.social_profile_links.priority).toBe('low');
  });
});
