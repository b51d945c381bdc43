import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { getMetadataStorage } from 'class-validator';
import { ValidationFailed } from '@app/domain/shared/domain-error';

/*
 * The one adapter that reads Nest's route metadata (ROUTE_ARGS_METADATA, `design:paramtypes`), @nestjs/swagger's
 * `swagger/apiParameters` and class-validator's metadata storage to learn what a route declares. None of these is a
 * documented API: strict-input.spec.ts decorates a controller with the real decorators and checks what is read, so
 * a change of their shape fails there.
 */

/** The message of a body field or query parameter that the operation does not declare. */
export const UNKNOWN_FIELD = 'unknown field';

/** How `details` names a field: by its name, an empty name as `""` (a key of `details` is never empty). */
export const fieldName = (key: string): string => (key === '' ? '""' : key);

/** What a route declares of its input: `null` where it takes anything (a free-form value). */
export interface DeclaredInput {
  query: ReadonlySet<string> | null;
  /** Checked here only when the validation pipe does not see a body class (no body, or a body read by hand). */
  body: ReadonlySet<string> | null | 'pipe';
}

type Constructor = abstract new (...args: never[]) => unknown;
interface RouteArg {
  index: number;
  data?: unknown;
}

/** The properties class-validator keeps under `whitelist`: those with at least one rule (inherited ones too). */
export function validatedProperties(cls: Constructor): Set<string> {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(cls, '', false, false);
  return new Set(metadatas.map((m) => m.propertyName));
}

/** A DTO class the validation pipe would validate: a class other than the built-in types. */
function dtoClass(type: unknown): Constructor | null {
  return typeof type === 'function' && ![Object, String, Number, Boolean, Array].includes(type as never) ? (type as Constructor) : null;
}

/** Where `@ApiBody` and `@ApiQuery` keep their options (`DECORATORS.API_PARAMETERS` of @nestjs/swagger, not exported). */
const API_PARAMETERS = 'swagger/apiParameters';

/** The body class an operation documents with `@ApiBody({ type })` when its handler reads the body by hand. */
function documentedBody(handler: object): Constructor | null {
  const parameters = (Reflect.getMetadata(API_PARAMETERS, handler) ?? []) as Array<{ in?: string; type?: unknown }>;
  return dtoClass(parameters.find((p) => p.in === 'body')?.type);
}

/**
 * What a route declares, read from its metadata: the query parameters it names (`@Query('cascade')`) and the
 * properties of its query DTO (`@Query() q: ListQueryDto`); its body DTO (validated by the pipe, nested objects
 * included), else the `@ApiBody` class of a body read by hand, else no body at all.
 */
export function declaredInput(controller: Constructor, handler: (...args: never[]) => unknown): DeclaredInput {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {}) as Record<string, RouteArg>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, handler.name) ?? []) as unknown[];
  let query: Set<string> | null = new Set();
  let body: DeclaredInput['body'] = new Set();
  for (const [key, arg] of Object.entries(args)) {
    const kind = Number(key.split(':')[0]) as RouteParamtypes;
    if (kind === RouteParamtypes.QUERY && query) {
      if (typeof arg.data === 'string') query.add(arg.data);
      else {
        const cls = dtoClass(types[arg.index]);
        query = cls ? new Set([...query, ...validatedProperties(cls)]) : null;
      }
    } else if (kind === RouteParamtypes.BODY && body !== 'pipe') {
      if (dtoClass(types[arg.index])) body = 'pipe';
      else {
        const documented = documentedBody(handler);
        body = documented ? validatedProperties(documented) : null;
      }
    }
  }
  return { query, body };
}

function unknownKeys(value: unknown, declared: ReadonlySet<string> | null | 'pipe', into: Record<string, string>): void {
  if (declared === null || declared === 'pipe' || !value || typeof value !== 'object' || Array.isArray(value) || Buffer.isBuffer(value)) return;
  for (const key of Object.keys(value)) if (!declared.has(key)) into[fieldName(key)] = UNKNOWN_FIELD;
}

/**
 * Global guard (after authentication): a query parameter the operation does not declare, or a field of a JSON
 * body it reads without a DTO (or of a body it does not take), is 400 `validation_error` naming it. Body fields of
 * a DTO, nested ones included, are refused by the validation pipe (`forbidNonWhitelisted`). Driven by the routes'
 * metadata alone, so every operation, present or added, follows the rule.
 */
@Injectable()
export class StrictInputGuard implements CanActivate {
  private readonly routes = new WeakMap<object, WeakMap<object, DeclaredInput>>();

  canActivate(context: ExecutionContext): boolean {
    const handler = context.getHandler() as (...args: never[]) => unknown;
    const controller = context.getClass() as Constructor;
    let byClass = this.routes.get(handler);
    if (!byClass) this.routes.set(handler, (byClass = new WeakMap()));
    let declared = byClass.get(controller);
    if (!declared) byClass.set(controller, (declared = declaredInput(controller, handler)));
    const req = context.switchToHttp().getRequest<{ query?: unknown; body?: unknown }>();
    const errors: Record<string, string> = {};
    unknownKeys(req.query, declared.query, errors);
    unknownKeys(req.body, declared.body, errors);
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    return true;
  }
}
