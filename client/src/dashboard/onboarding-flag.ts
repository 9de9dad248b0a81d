/**
 * The onboarding-completed flag (spec: a local flag whose key contains the product's name). It only
 * decides whether the first-time tour shows; nothing else is kept in the browser.
 */
export const ONBOARDING_FLAG_KEY = 'footprint.onboardingCompleted';

export function isOnboardingCompleted(): boolean {
  try {
    return window.localStorage.getItem(ONBOARDING_FLAG_KEY) === 'true';
  } catch {
    return false; // storage blocked: show the tour, it can still be closed
  }
}

export function markOnboardingCompleted(): void {
  try {
    window.localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
  } catch {
    // Storage blocked: the tour shows again next time, which is harmless.
  }
}
