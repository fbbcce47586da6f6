import {
  getMetadataStorage,
  MetadataStorage,
  ValidationArguments,
  ValidationTypes,
  ValidatorConstraintInterface,
} from 'class-validator';

/** A DTO class, as `dto.constructor`. */
type DtoClass = abstract new (...args: never[]) => object;

type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/** One rule of a property: its constraint's validators, called as class-validator calls them. */
interface Rule {
  metadata: ValidationMetadata;
  validators: ValidatorConstraintInterface[];
}

/** A property's rules: they run only when every condition (`@ValidateIf`, `@IsOptional`) holds. */
interface PropertyRules {
  property: string;
  conditions: ((object: object, value: unknown) => boolean)[];
  rules: Rule[];
}

/** The rule kinds run here; a class with any other (nested or promised values) is left to class-validator. */
const RUN_HERE: ReadonlySet<string> = new Set([
  ValidationTypes.CUSTOM_VALIDATION,
  ValidationTypes.IS_DEFINED,
  ValidationTypes.CONDITIONAL_VALIDATION,
  ValidationTypes.WHITELIST,
]);

/**
 * A DTO class's class-validator rules, read from its metadata once, to tell a valid DTO at the cost
 * of its own checks: `validate()` looks the rules up again on every call, through every decorated
 * class of the process. `passes` is true only when class-validator, with the pipe's options
 * (whitelist, unknown fields forbidden, no groups), would find nothing wrong: every field known,
 * and every constraint whose conditions hold answering `true` (for each element, with `each`). It
 * is false when a rule fails, a validator answers anything but `true` (a promise, say), or the
 * class has rules only class-validator runs (nested objects, async constraints); the caller then
 * asks class-validator, which also words the errors. Validators come from class-validator's
 * container when a class is first checked: call `useContainer` before the first request.
 */
export class DtoConstraints {
  private readonly classes = new Map<DtoClass, PropertyRules[] | null>();

  passes(dto: object): boolean {
    const properties = this.rulesOf(dto.constructor as DtoClass);
    if (!properties) return false;
    for (const key of Object.keys(dto))
      if (!properties.some(({ property }) => property === key)) return false;
    for (const { property, conditions, rules } of properties) {
      const value = (dto as Record<string, unknown>)[property];
      if (!conditions.every((condition) => condition(dto, value))) continue;
      for (const { metadata, validators } of rules) {
        if (metadata.validateIf && !metadata.validateIf(dto, value)) continue;
        const args: ValidationArguments = {
          targetName: dto.constructor.name,
          property,
          object: dto,
          value,
          constraints: metadata.constraints,
        };
        // `each`: the constraint holds for every element of an array, a set or a map's values.
        const checked = metadata.each && isCollection(value) ? [...value.values()] : [value];
        for (const validator of validators)
          for (const item of checked) if (validator.validate(item, args) !== true) return false;
      }
    }
    return true;
  }

  private rulesOf(type: DtoClass): PropertyRules[] | null {
    let properties = this.classes.get(type);
    if (properties === undefined) {
      properties = readRules(type);
      this.classes.set(type, properties);
    }
    return properties;
  }
}

function isCollection(value: unknown): value is unknown[] | Set<unknown> | Map<unknown, unknown> {
  return Array.isArray(value) || value instanceof Set || value instanceof Map;
}

/** The class's rules as class-validator selects them without groups, per property; null if some are not run here. */
function readRules(type: DtoClass): PropertyRules[] | null {
  const storage = getMetadataStorage();
  const metadatas = storage.getTargetValidationMetadatas(type, undefined as unknown as string, false, false);
  if (metadatas.some((metadata) => !RUN_HERE.has(metadata.type))) return null;
  const constraintsOf = (metadata: ValidationMetadata) =>
    storage.getTargetValidatorConstraints(metadata.constraintCls);
  if (metadatas.some((metadata) => constraintsOf(metadata).some(({ async }) => async))) return null;
  const ruleOf = (metadata: ValidationMetadata): Rule => ({
    metadata,
    validators: constraintsOf(metadata).map(({ instance }) => instance),
  });
  const ofType = (group: ValidationMetadata[], kind: string) => group.filter(({ type }) => type === kind);
  return [...new Set(metadatas.map(({ propertyName }) => propertyName))].map((property) => {
    const group = metadatas.filter(({ propertyName }) => propertyName === property);
    return {
      property,
      conditions: ofType(group, ValidationTypes.CONDITIONAL_VALIDATION).map(
        ({ constraints }) => constraints[0] as PropertyRules['conditions'][number],
      ),
      rules: [
        ...ofType(group, ValidationTypes.IS_DEFINED).map(ruleOf),
        ...ofType(group, ValidationTypes.CUSTOM_VALIDATION).map(ruleOf),
      ],
    };
  });
}
