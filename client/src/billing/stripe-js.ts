/**
 * Stripe.js, loaded from its host — on the pricing page only, and only when the
 * server says payments are configured (docs/OPERATIONS.md "Plans and payments"). The types cover the subset the checkout uses.
 */

export interface StripeError {
  type?: string;
  code?: string;
  message?: string;
}

export interface StripeCardElement {
  mount(target: HTMLElement | string): void;
  on(event: 'change', handler: (event: { complete?: boolean; empty?: boolean; error?: StripeError }) => void): StripeCardElement;
  destroy(): void;
}

export interface StripeClient {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(params: { type: 'card'; card: StripeCardElement }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: string },
  ): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
}

type StripeFactory = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let loading: { url: string; promise: Promise<StripeFactory> } | undefined;

/** Adds the Stripe.js script once (per URL) and resolves with `window.Stripe`. */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  if (loading?.url === url) return loading.promise;
  const promise = new Promise<StripeFactory>((resolve, reject) => {
    if (window.Stripe) {
      resolve(window.Stripe);
      return;
    }
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded without defining Stripe')));
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.appendChild(script);
  });
  // A failed load may be retried later (the network may come back).
  promise.catch(() => {
    if (loading?.promise === promise) loading = undefined;
  });
  loading = { url, promise };
  return promise;
}
