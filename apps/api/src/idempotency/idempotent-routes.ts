import { applyDecorators, Global, Module, Patch as NestPatch, Post as NestPost, UseGuards } from '@nestjs/common';
import { IdempotencyInfraModule } from '@app/infra/idempotency/idempotency-infra.module';
import { IdempotencyGuard } from './idempotency.guard';

/**
 * The API's `@Post` and `@Patch`: Nest's route decorators with the Idempotency-Key guard. Controllers import
 * these (ESLint forbids Nest's own in apps/api). The guard is a route's own, so it runs after the global and
 * controller guards (authentication, permissions, features): only POST and PATCH take the header.
 */
export const Post = (path?: string | string[]): MethodDecorator => applyDecorators(NestPost(path), UseGuards(IdempotencyGuard));
export const Patch = (path?: string | string[]): MethodDecorator => applyDecorators(NestPatch(path), UseGuards(IdempotencyGuard));

/**
 * Nest makes a route's guard in the controller's own module, so its use case must be visible in every
 * resource module: this module shares IdempotencyInfraModule's exports with all of them.
 */
@Global()
@Module({ imports: [IdempotencyInfraModule], exports: [IdempotencyInfraModule] })
export class IdempotentRoutesModule {}
