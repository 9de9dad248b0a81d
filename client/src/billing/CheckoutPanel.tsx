import { Alert, Box, Button, Card, Field, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAnalytics } from '../analytics/analytics-context';
import { api, errorMessage } from '../api/client';
import { useAuth } from '../auth/auth-context';
import type { Plan } from './use-plans';
import { formatDate, formatMoney } from '../format';
import { loadStripeJs, type StripeCardElement, type StripeClient } from './stripe-js';
import type { BillingConfig } from './use-billing-config';

export const CHECKOUT_MESSAGES = {
  notAvailable: 'Card payments are not available on this server.',
  configUnknown: 'We could not check whether card payments are available. Please reload the page.',
  cardFormFailed: 'The card form could not be loaded. Please reload the page.',
  cardFormNotReady: 'The card form is still loading. Please try again in a moment.',
  paymentStartFailed: 'The payment could not be started. Please try again.',
  paymentNotCompleted: 'Your payment was not completed. Please try again.',
} as const;

/** What the button buys, exactly: one payment, one period, no renewal (see plan-period.rules.ts). */
export function subscribeLabel(plan: Plan): string {
  return `Pay ${formatMoney(plan.priceCents)} for 30 days of ${plan.name}`;
}


/** The card form: Stripe's card element, the red error box above the button, and the spec's notes. */
function CardForm({ plan, config }: { plan: Plan; config: BillingConfig & { publishableKey: string; stripeJsUrl: string } }) {
  const { state } = useAuth();
  const { track } = useAnalytics();
  const navigate = useNavigate();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<StripeClient | undefined>(undefined);
  const cardRef = useRef<StripeCardElement | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [error, setError] = useState<string>();
  const [processing, setProcessing] = useState(false);
  const { publishableKey, stripeJsUrl } = config;
  const currentTier = state.user?.plan.tier ?? 'free';

  // Stripe.js is fetched only here: the pricing page, signed in, with payments configured.
  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | undefined;
    loadStripeJs(stripeJsUrl).then(
      (Stripe) => {
        if (cancelled || !mountRef.current) return;
        const stripe = Stripe(publishableKey);
        card = stripe.elements().create('card');
        card.mount(mountRef.current);
        stripeRef.current = stripe;
        cardRef.current = card;
      },
      () => !cancelled && setLoadFailed(true),
    );
    return () => {
      cancelled = true;
      card?.destroy();
      stripeRef.current = undefined;
      cardRef.current = undefined;
    };
  }, [publishableKey, stripeJsUrl]);

  const upgrade = { from_plan: currentTier, to_plan: plan.tier, amount: plan.priceCents };

  function fail(message: string) {
    setError(message);
    setProcessing(false);
    track('error_occurred', { error_type: 'payment_failed', error_message: message, context: 'checkout' });
  }

  // A card payment method with Stripe, then the payment confirmed with the client secret.
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (processing) return;
    const stripe = stripeRef.current;
    const card = cardRef.current;
    if (!stripe || !card) {
      setError(CHECKOUT_MESSAGES.cardFormNotReady);
      return;
    }
    setError(undefined);
    setProcessing(true);
    track('upgrade_started', upgrade);
    try {
      const method = await stripe.createPaymentMethod({ type: 'card', card });
      if (!method.paymentMethod) return fail(method.error?.message ?? CHECKOUT_MESSAGES.paymentNotCompleted);
      const { data, error: intentError } = await api.POST('/api/billing/create-payment-intent', {
        body: { plan: plan.tier, amount: plan.priceCents },
      });
      if (!data) return fail(errorMessage(intentError, CHECKOUT_MESSAGES.paymentStartFailed));
      const confirmed = await stripe.confirmCardPayment(data.clientSecret, { payment_method: method.paymentMethod.id });
      if (confirmed.error || confirmed.paymentIntent?.status !== 'succeeded') {
        return fail(confirmed.error?.message ?? CHECKOUT_MESSAGES.paymentNotCompleted);
      }
      track('upgrade_success', upgrade);
      void navigate('/dashboard?success=true');
    } catch {
      fail(CHECKOUT_MESSAGES.paymentStartFailed);
    }
  }

  if (loadFailed) return <Text color="red.fg">{CHECKOUT_MESSAGES.cardFormFailed}</Text>;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field.Root>
          <Field.Label id="card-label">Card details</Field.Label>
          <Box
            ref={mountRef}
            role="group"
            aria-labelledby="card-label"
            data-testid="card-element"
            w="full"
            minH="10"
            px="3"
            py="2"
            borderWidth="1px"
            borderColor="border"
            rounded="md"
            bg="bg.panel"
          />
        </Field.Root>
        {error && (
          <Alert.Root status="error" role="alert" data-testid="checkout-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="blue" size="lg" disabled={processing}>
          {processing ? 'Processing...' : subscribeLabel(plan)}
        </Button>
        <Stack gap="1" color="fg.muted" fontSize="sm" textAlign="center">
          <Text>Secure payment powered by Stripe</Text>
          <Text>
            One payment of {formatMoney(plan.priceCents)} gives you the {plan.name} plan for 30 days. It does not renew: nothing more is charged unless
            you pay again.
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}

/** The checkout for the selected plan. */
export function CheckoutPanel({ plan, config }: { plan: Plan; config: BillingConfig | 'loading' | 'error' }) {
  const { state } = useAuth();
  const navigate = useNavigate();
  const current = state.status === 'signedIn' ? state.user.plan : undefined;

  let body;
  if (plan.priceCents === 0) {
    body = (
      <>
        <Text color="fg.muted">{plan.monthlyScans} privacy scans a month, free. No card needed.</Text>
        <Button asChild colorPalette="blue" size="lg">
          <RouterLink to="/signup">Create Free Account</RouterLink>
        </Button>
      </>
    );
  } else if (config === 'loading') {
    body = <Spinner color="blue.fg" aria-label="Checking payments" />;
  } else if (config === 'error' || !config.configured || !config.publishableKey || !config.stripeJsUrl) {
    body = (
      <Text color="fg" bg="orange.subtle" borderWidth="1px" borderColor="orange.muted" rounded="md" p="4">
        {config === 'error' ? CHECKOUT_MESSAGES.configUnknown : CHECKOUT_MESSAGES.notAvailable}
      </Text>
    );
  } else if (state.status !== 'signedIn') {
    body = (
      <>
        <Text color="fg.muted">Sign in or create an account first; then pay here with your card.</Text>
        <Button colorPalette="blue" size="lg" onClick={() => void navigate('/login', { state: { from: '/pricing' } })}>
          {subscribeLabel(plan)}
        </Button>
      </>
    );
  } else {
    body = <CardForm plan={plan} config={{ ...config, publishableKey: config.publishableKey, stripeJsUrl: config.stripeJsUrl }} />;
  }

  return (
    <Card.Root variant="elevated" maxW="xl" mx="auto" mt="10" aria-live="polite" data-testid="checkout">
      <Card.Body gap="4">
        <Heading as="h2" size="xl">
          {plan.name} plan — {formatMoney(plan.priceCents)} for 30 days
        </Heading>
        {current && current.tier === plan.tier && current.expiresAt && plan.priceCents > 0 && (
          <Text color="fg.muted">
            Your {plan.name} plan runs until {formatDate(current.expiresAt)}. Paying again adds 30 days.
          </Text>
        )}
        {body}
      </Card.Body>
    </Card.Root>
  );
}
