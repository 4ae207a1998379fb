// Amazon's own Swagger 2.0 models of the Selling Partner API (tests/fixtures/sp-api-models/), as validators: the
// response schema of an operation for a status, its query parameters, and its "Usage Plan" (rate and burst).
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

export type SpApiModelFile = "sellers.json" | "reports_2021-06-30.json" | "listingsItems_2021-08-01.json" | "definitionsProductTypes_2020-09-01.json" | "feeds_2021-06-30.json";

interface SwaggerParameter {
  name: string;
  in: "query" | "path" | "body" | "header";
  required?: boolean;
  type?: string;
  items?: Record<string, unknown>;
  [keyword: string]: unknown;
}
interface SwaggerOperation {
  operationId: string;
  description: string;
  parameters?: SwaggerParameter[];
  responses: Record<string, { schema?: Record<string, unknown> }>;
}
interface SwaggerModel {
  paths: Record<string, Record<string, SwaggerOperation>>;
  definitions: Record<string, unknown>;
}

const models = new Map<SpApiModelFile, SwaggerModel>();
export function loadModel(file: SpApiModelFile): SwaggerModel {
  let model = models.get(file);
  if (!model) {
    model = JSON.parse(readFileSync(new URL(`../fixtures/sp-api-models/${file}`, import.meta.url), "utf8")) as SwaggerModel;
    models.set(file, model);
  }
  return model;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

export function findOperation(file: SpApiModelFile, pathTemplate: string, method: string): SwaggerOperation {
  const operation = loadModel(file).paths[pathTemplate]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${file} has no ${method} ${pathTemplate}`);
  return operation;
}

/** The operation's documented rate (requests per second) and burst, from the "Usage Plan" table in its description. */
export function usagePlan(file: SpApiModelFile, pathTemplate: string, method: string): { rate: number; burst: number } {
  const description = findOperation(file, pathTemplate, method).description;
  // Two table shapes: "| Rate | Burst |" with one row, or "| Plan type | Rate | Burst |" with a "Default" row (Definitions).
  const row = /\| Rate \(requests per second\) \| Burst \|\n\| -+ \| -+ \|\n\| ([\d.]+) \| (\d+) \|/.exec(description) ?? /\|\s*Default\s*\|\s*([\d.]+)\s*\|\s*(\d+)\s*\|/.exec(description);
  if (!row) throw new Error(`no Usage Plan table for ${method} ${pathTemplate}`);
  return { rate: Number(row[1]), burst: Number(row[2]) };
}

const validators = new Map<string, ValidateFunction>();
/** The response schema of an operation for a status, compiled with the model's definitions (its `#/definitions/` refs). */
export function responseValidator(file: SpApiModelFile, pathTemplate: string, method: string, status: number): ValidateFunction {
  const key = `${file} ${method} ${pathTemplate} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = findOperation(file, pathTemplate, method).responses[String(status)]?.schema;
    if (!schema) throw new Error(`${file}: ${method} ${pathTemplate} documents no ${status} body`);
    validate = ajv.compile({ ...schema, definitions: loadModel(file).definitions });
    validators.set(key, validate);
  }
  return validate;
}

/** Checks a request's query string against the operation's query parameters (csv arrays, integers, enums, limits). */
export function queryErrors(file: SpApiModelFile, pathTemplate: string, method: string, query: URLSearchParams): string[] {
  const parameters = (findOperation(file, pathTemplate, method).parameters ?? []).filter((parameter) => parameter.in === "query");
  const properties: Record<string, unknown> = {};
  const value: Record<string, unknown> = {};
  for (const parameter of parameters) {
    const { name, in: _in, required: _required, description: _description, collectionFormat: _format, ...schema } = parameter;
    properties[name] = schema;
    const raw = query.get(name);
    if (raw === null) continue;
    value[name] = parameter.type === "array" ? raw.split(",") : parameter.type === "integer" ? Number(raw) : raw;
  }
  const unknown = [...query.keys()].filter((name) => !(name in properties)).map((name) => `unknown query parameter ${name}`);
  const validate = ajv.compile({ type: "object", properties, required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name) });
  return validate(value) ? unknown : [...unknown, ...(validate.errors ?? []).map((error) => `${error.instancePath || "query"} ${error.message ?? ""}`)];
}
