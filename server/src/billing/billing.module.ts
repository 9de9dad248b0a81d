import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { BillingController } from './billing.controller';
import { PaymentIntentEntity } from './payment-intent.entity';
import { PaymentRepository } from './payment.repository';
import { PaymentsService } from './payments.service';
import { PlansController } from './plans.controller';
import { PlansService } from './plans.service';
import { StripeSource } from './stripe.source';
import { WebhookEventEntity } from './webhook-event.entity';

/**
 * Plans and payments: the plan catalogue, Stripe PaymentIntents (one 30-day period each) and the
 * signed webhook that changes a user's plan.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentIntentEntity, WebhookEventEntity]), AuthModule],
  controllers: [PlansController, BillingController],
  providers: [PlansService, StripeSource, PaymentRepository, PaymentsService],
  exports: [PlansService, PaymentsService],
})
export class BillingModule {}
