import { applyDecorators, Global, Module, Patch as NestPatch, Post as NestPost, UseInterceptors } from '@nestjs/common';
import { IdempotencyModule } from '@app/infra/idempotency/idempotency.module';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/**
 * The API's `@Post` and `@Patch`: Nest's route decorators with the Idempotency-Key interceptor. Controllers
 * import these (ESLint forbids Nest's own in apps/api). The interceptor is bound to these routes rather than
 * globally because Nest runs every interceptor of a route through an rxjs pipeline and two
 * `AsyncResource.bind` per request: as a global one it cost GET requests about a tenth of the API's CPU for
 * nothing (docs/performance.md), since only POST and PATCH take the header.
 */
export const Post = (path?: string | string[]): MethodDecorator => applyDecorators(NestPost(path), UseInterceptors(IdempotencyInterceptor));
export const Patch = (path?: string | string[]): MethodDecorator => applyDecorators(NestPatch(path), UseInterceptors(IdempotencyInterceptor));

/**
 * Nest makes a route's interceptor in the controller's own module, so its use case must be visible in every
 * resource module: this module shares IdempotencyModule's exports with all of them.
 */
@Global()
@Module({ imports: [IdempotencyModule], exports: [IdempotencyModule] })
export class IdempotentRoutesModule {}
