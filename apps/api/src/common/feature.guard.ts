import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { NotAvailable } from '@app/domain/shared/domain-error';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '../core/tokens';

export type Feature = 'inventory' | 'expenses';
const FEATURE = 'feature:required';

/** Marks a controller as belonging to a feature that a deployment may switch off. */
export const RequireFeature = (feature: Feature) => SetMetadata(FEATURE, feature);

/** 503 not_available on every endpoint of a switched-off feature (after authentication). */
@Injectable()
export class FeatureGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const feature = this.reflector.getAllAndOverride<Feature>(FEATURE, [context.getHandler(), context.getClass()]);
    if (!feature) return true;
    const enabled = feature === 'inventory' ? this.config.featureInventory : this.config.featureExpenses;
    if (!enabled) throw new NotAvailable(`${feature === 'inventory' ? 'Inventory' : 'Expenses'} storage is not available on this deployment.`);
    return true;
  }
}
