import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Authenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { BILLING_MESSAGES, BillingConfigDto, CreatePaymentIntentDto, PaymentIntentCreatedDto, WebhookReceivedDto } from './billing.dto';
import { PaymentsService } from './payments.service';
import type { RequestWithRawBody } from './webhook-raw-body.middleware';

@ApiTags('billing')
@Controller('billing')
export class BillingController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('config')
  @ApiOperation({
    summary: 'Whether card payments are available, and what the pricing page needs to load Stripe.js',
    description: 'Public. Payments are on only when the server has its Stripe keys; the publishable key is the only Stripe value that leaves the server.',
  })
  @ApiOkResponse({ type: BillingConfigDto })
  getBillingConfig(): BillingConfigDto {
    return this.payments.config();
  }

  @Post('create-payment-intent')
  @HttpCode(HttpStatus.OK)
  @Authenticated({ sessionOnly: true })
  @ApiOperation({
    summary: 'Start paying for one 30-day period of a plan',
    description:
      "Creates a Stripe PaymentIntent for exactly the plan's monthly price (amount = price × 100, in cents) and answers its client secret. " +
      'The plan changes only when Stripe reports the payment succeeded (webhook).',
  })
  @ApiOkResponse({ type: PaymentIntentCreatedDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'An unknown plan, the Free plan, or an amount that is not the price.' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: `'${BILLING_MESSAGES.providerUnavailable}'` })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: `'${BILLING_MESSAGES.notConfigured}' (no Stripe keys).` })
  createPaymentIntent(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreatePaymentIntentDto): Promise<PaymentIntentCreatedDto> {
    return this.payments.createPaymentIntent(user.userId, dto);
  }

  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Stripe's webhook (called by Stripe, not by clients)",
    description:
      'Verifies the Stripe-Signature header over the exact body bytes with STRIPE_WEBHOOK_SECRET. An event id already processed is ' +
      'acknowledged and ignored. payment_intent.succeeded changes the plan only for a PaymentIntent Footprint created, for the same user ' +
      'and plan, at the catalogue price.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: '`t=<unix time>,v1=<HMAC-SHA256 hex>` as Stripe sends it.' })
  @ApiBody({ description: 'A Stripe event object, byte for byte as Stripe sent it.', schema: { type: 'object' } })
  @ApiOkResponse({ type: WebhookReceivedDto, description: 'Processed, or ignored (an unrelated, mismatched or repeated event).' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `'${BILLING_MESSAGES.badSignature}' or '${BILLING_MESSAGES.missingSignature}'` })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: `'${BILLING_MESSAGES.notConfigured}'` })
  async receiveStripeWebhook(
    @Req() req: RequestWithRawBody,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookReceivedDto> {
    await this.payments.handleWebhook(req.rawBody, signature);
    return { received: true };
  }
}
