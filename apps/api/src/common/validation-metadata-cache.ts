import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

const MEMOISED = Symbol('validationMetadataMemoised');

/**
 * class-validator looks up the rules of a class on every object it validates: it scans the rules of every
 * class it knows (several hundred DTOs here) for the class and its ancestors, then groups them by property.
 * A 10-line invoice body does that 11 times per request, and Nest's ValidationPipe once more per nested
 * object. The rules are registered by the decorators when the DTO modules load and never change after, so
 * the lookup (without groups, as the pipe validates) and its grouping are kept per class, schema name and
 * options; registering any rule empties the cache. The arrays handed out are the ones class-validator
 * built; its validator only reads them.
 */
export function memoiseValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const memo = storage as MetadataStorage & { [MEMOISED]?: true };
  if (memo[MEMOISED]) return;
  memo[MEMOISED] = true;

  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const register = storage.addValidationMetadata.bind(storage);
  let byClass = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Grouped>();

  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    if (groups && groups.length) return lookUp(targetConstructor, targetSchema, always, strictGroups, groups);
    // A nested object is looked up with its parent's class name as `targetSchema`.
    const key = `${String(always)}|${String(strictGroups)}|${targetSchema === undefined ? '-' : `'${targetSchema}`}`;
    let forClass = byClass.get(targetConstructor);
    if (!forClass) byClass.set(targetConstructor, (forClass = new Map<string, ValidationMetadata[]>()));
    let metadatas = forClass.get(key);
    if (!metadatas) forClass.set(key, (metadatas = lookUp(targetConstructor, targetSchema, always, strictGroups, groups)));
    return metadatas;
  };
  storage.groupByPropertyName = (metadatas) => {
    let byProperty = grouped.get(metadatas);
    if (!byProperty) grouped.set(metadatas, (byProperty = group(metadatas)));
    return byProperty;
  };
  storage.addValidationMetadata = (metadata) => {
    byClass = new Map();
    grouped = new WeakMap();
    register(metadata);
  };
}
