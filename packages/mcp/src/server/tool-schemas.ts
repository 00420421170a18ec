import * as z from 'zod/v4';

/** A text input of at most `maxLength` characters. */
export const textInput = (maxLength: number, description: string): z.ZodString => z.string().max(maxLength).describe(description);

/** A list of ids or paths, as the CLI's `--dispatched a,b` takes them. */
export const idList = (description: string): z.ZodOptional<z.ZodArray<z.ZodString>> => z.array(z.string().max(4096)).max(10_000).optional().describe(description);

/** A violation as every Parley check reports it: rule, code and message, and what else it knows. */
export const violationOutput: z.ZodArray<z.ZodObject<{ rule: z.ZodString; code: z.ZodString; message: z.ZodString }, z.core.$loose>> = z.array(
  z.looseObject({ rule: z.string(), code: z.string(), message: z.string() }),
);
