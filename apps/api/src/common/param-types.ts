/**
 * The classes of a route's parameters, as TypeScript would record them. It records `Object` for a parameter
 * typed by a type parameter, so a route of a generic base controller names the DTO classes here: the
 * ValidationPipe validates against them and the OpenAPI document describes them.
 */
export const ParamTypes = (...types: unknown[]): MethodDecorator => Reflect.metadata('design:paramtypes', types);
