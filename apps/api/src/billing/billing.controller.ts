import { Body, Controller, Headers, HttpCode, Inject } from '@nestjs/common';
import { Post } from '../idempotency/idempotent-routes';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { AppStoreNotificationVerifier, PushTokenVerifier } from '@app/domain/billing/notification-verifiers.port';
import { playNotificationOf } from '@app/domain/billing/play-push';
import { ReceiveStoreNotification } from '@app/domain/billing/receive-store-notification.use-case';
import { ConfirmPurchaseInput, ConfirmStorePurchase } from '@app/domain/billing/confirm-store-purchase.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { CurrentCaller, MobileOnly, Public } from '../common/decorators';
import { APP_CONFIG } from '../core/tokens';
import { presentPlan } from '@app/contract/accounts/plan.presenter';
import { AndroidConfirmDto, AndroidNotificationDto, IosConfirmDto, IosNotificationDto } from '@app/contract/billing/billing.dto';

const bearerOf = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;

/** Store billing: purchase confirmations from the app (mobile Bearer) and the stores' server notifications (public). */
@ApiTags('billing')
@Controller('v1/billing')
export class BillingController {
  constructor(
    private readonly confirm: ConfirmStorePurchase,
    private readonly receive: ReceiveStoreNotification,
    private readonly apple: AppStoreNotificationVerifier,
    private readonly pushTokens: PushTokenVerifier,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('ios-store/confirm')
  @HttpCode(200)
  @MobileOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Confirm an App Store purchase of Pro: verified with the App Store, bound to this account' })
  confirmIos(@CurrentCaller() { account }: Caller, @Body() body: IosConfirmDto) {
    return this.confirmed(account, {
      store: 'ios',
      reference: body.transaction_id,
      referenceField: 'transaction_id',
      productId: body.product_id,
      originalTransactionId: body.original_transaction_id,
    });
  }

  @Post('android-store/confirm')
  @HttpCode(200)
  @MobileOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Confirm a Google Play purchase of Pro: verified with Google Play, bound to this account, acknowledged' })
  confirmAndroid(@CurrentCaller() { account }: Caller, @Body() body: AndroidConfirmDto) {
    return this.confirmed(account, { store: 'android', reference: body.purchase_token, referenceField: 'purchase_token', productId: body.product_id });
  }

  private async confirmed(account: Caller['account'], input: ConfirmPurchaseInput) {
    return { plan: presentPlan(await this.confirm.execute(account, input)) };
  }

  @Post('ios-store/notifications')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'App Store Server Notification V2: verified, stored once, processed by the worker' })
  async iosNotification(@Body() body: IosNotificationDto) {
    // Verified before anything else: a forged payload is 400 whatever the configuration.
    return this.receive.execute(await this.apple.verify(body.signedPayload));
  }

  @Post('android-store/notifications')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Google Play real-time developer notification (Pub/Sub push): stored once, processed by the worker' })
  async androidNotification(@Headers('authorization') authorization: string | undefined, @Body() body: AndroidNotificationDto) {
    if (this.pushTokens.required()) await this.pushTokens.verify(bearerOf(authorization));
    return this.receive.execute(playNotificationOf(body, this.config.stores.play.packageName));
  }
}
