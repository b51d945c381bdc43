import { Body, Controller, Param, Post } from '@nestjs/common';
import { PARAMTYPES_METADATA } from '@nestjs/common/constants';
import { ContextUtils } from '@nestjs/core/helpers/context-utils';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { ParamTypes } from './param-types';

/**
 * Pins what ParamTypes relies on: Nest's router (the pipes' metatype, so the ValidationPipe validates the DTO) and
 * @nestjs/swagger (the request body's schema) read a route's parameter classes from the `design:paramtypes` metadata
 * of the method, on the prototype that declares it. If either library reads them elsewhere, this fails.
 */
class CreateThingDto {
  name: string;
}

/** A generic base route, as DocumentController's are: TypeScript records `Object` for the body typed by T. */
@Controller('things')
class ThingsController {
  @Post(':id')
  @ParamTypes(Number, CreateThingDto)
  create(@Param('id') id: number, @Body() body: unknown): unknown {
    return { id, body };
  }
}

describe('ParamTypes (Nest and @nestjs/swagger read design:paramtypes)', () => {
  it('is the key both libraries read', () => {
    expect(PARAMTYPES_METADATA).toBe('design:paramtypes');
    expect(Reflect.getMetadata(PARAMTYPES_METADATA, ThingsController.prototype, 'create')).toEqual([Number, CreateThingDto]);
  });

  it("gives Nest's router the DTO class as the body's metatype", () => {
    expect(new ContextUtils().reflectCallbackParamtypes(new ThingsController(), 'create')).toEqual([Number, CreateThingDto]);
  });

  it('gives the OpenAPI document the DTO class as the request body', async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ThingsController] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
      const body = document.paths['/things/{id}'].post?.requestBody as { content: Record<string, { schema: { $ref: string } }> };
      expect(body.content['application/json'].schema.$ref).toBe('#/components/schemas/CreateThingDto');
    } finally {
      await app.close();
    }
  });
});
