import 'reflect-metadata';
import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsString, ValidateNested } from 'class-validator';
import { ValidationFailed } from '@app/domain/shared/domain-error';
import { ListQueryDto } from '@app/contract/common/list-query.dto';
import { declaredInput, StrictInputGuard } from './strict-input';
import { AppValidationPipe } from './validation.pipe';

class LineDto {
  @IsString() description: string;
}
class CreateDto {
  @IsString() name: string;
  @ValidateNested({ each: true }) @Type(() => LineDto) items: LineDto[];
}
class FilterDto extends ListQueryDto {
  @IsString() status?: string;
}
class OptionalBodyDto {
  @Allow() refresh_token?: string;
}

@Controller('things')
class ThingsController {
  @Get()
  list(@Query() query: FilterDto) {
    return query;
  }
  @Post(':id/remove')
  remove(@Query('cascade') cascade?: string) {
    return cascade;
  }
  @Post()
  create(@Body() body: CreateDto) {
    return body;
  }
  @Post('logout')
  @ApiBody({ type: OptionalBodyDto, required: false })
  logout(@Body() raw: unknown) {
    return raw;
  }
}

const handlers = ThingsController.prototype;
const context = (handler: (...args: never[]) => unknown, query: object, body?: unknown) =>
  ({
    getHandler: () => handler,
    getClass: () => ThingsController,
    switchToHttp: () => ({ getRequest: () => ({ query, body }) }),
  }) as never;

describe('strict input', () => {
  it('reads what each route declares from its metadata: query DTOs (inherited fields too), named parameters, bodies', () => {
    expect(declaredInput(ThingsController, handlers.list)).toEqual({ query: new Set(['status', 'limit', 'offset']), body: new Set() });
    expect(declaredInput(ThingsController, handlers.remove)).toEqual({ query: new Set(['cascade']), body: new Set() });
    expect(declaredInput(ThingsController, handlers.create)).toEqual({ query: new Set(), body: 'pipe' });
    expect(declaredInput(ThingsController, handlers.logout)).toEqual({ query: new Set(), body: new Set(['refresh_token']) });
  });

  it('the guard refuses undeclared query parameters and fields of bodies it does not hand to the pipe', () => {
    const guard = new StrictInputGuard();
    expect(guard.canActivate(context(handlers.list, { limit: '5', status: 'paid' }))).toBe(true);
    const refused = (handler: (...args: never[]) => unknown, query: object, body?: unknown) => {
      try {
        guard.canActivate(context(handler, query, body));
      } catch (e) {
        return (e as ValidationFailed).details;
      }
      return null;
    };
    expect(refused(handlers.list, { sort: 'date', limit: '5' })).toEqual({ sort: 'unknown field' });
    expect(refused(handlers.remove, { cascade: '1', force: '1' })).toEqual({ force: 'unknown field' });
    expect(refused(handlers.remove, {}, { reason: 'x' })).toEqual({ reason: 'unknown field' });
    expect(refused(handlers.remove, {}, {})).toBeNull();
    expect(refused(handlers.remove, {}, Buffer.from('{"raw":1}'))).toBeNull();
    expect(refused(handlers.logout, {}, { refresh_token: 't', token: 't' })).toEqual({ token: 'unknown field' });
    // A DTO body is the pipe's: the guard leaves it.
    expect(refused(handlers.create, {}, { name: 'x', extra: 1 })).toBeNull();
  });

  it('the pipe refuses unknown fields of a DTO body at every depth, by their dotted path', async () => {
    const pipe = new AppValidationPipe();
    const failure = await pipe
      .transform({ name: 'x', nmae: 'y', items: [{ description: 'a' }, { description: 'b', foo: 1 }] }, { type: 'body', metatype: CreateDto })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ValidationFailed);
    expect((failure as ValidationFailed).details).toEqual({ nmae: 'unknown field', 'items.1.foo': 'unknown field' });
    await expect(pipe.transform({ name: 'x', items: [{ description: 'a' }] }, { type: 'body', metatype: CreateDto })).resolves.toBeInstanceOf(CreateDto);
  });
});
