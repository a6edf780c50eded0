// Fastify compiles each route's JSON schema with Ajv as an app starts: about half a second of CPU for our routes, paid
// again by every app a process builds (each test server, each instance a test starts). The routes build their schemas
// afresh per app, so Ajv's own cache, keyed by the schema object, never hits; this one is keyed by the schema's text
// and lives as long as the process. Same text and same Ajv options give the same validator.
import { AjvCompiler, type BuildCompilerFromPool as BuildFromPool, type ValidatorFactory } from '@fastify/ajv-compiler';

type Compile = ReturnType<BuildFromPool>;

const pool = AjvCompiler();
const validators = new Map<string, ReturnType<Compile>>();

const cachedFromPool: BuildFromPool = (externalSchemas, options) => {
  const compile = pool(externalSchemas, options);
  const poolKey = JSON.stringify([externalSchemas, options?.customOptions]);
  return (route) => {
    const key = `${poolKey}\n${JSON.stringify(route.schema)}`;
    let validator = validators.get(key);
    if (!validator) {
      validator = compile(route);
      validators.set(key, validator);
    }
    return validator;
  };
};

export const cachedValidators: ValidatorFactory = cachedFromPool;
