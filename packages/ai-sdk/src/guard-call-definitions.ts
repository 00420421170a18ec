import type { LanguageModelV4CallOptions, LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { guardJsonSchema, type PromptGuard } from '@parley/core/guard';

type Tool = NonNullable<LanguageModelV4CallOptions['tools']>[number];
type ResponseFormat = NonNullable<LanguageModelV4CallOptions['responseFormat']>;

/** Tool definitions are what the application wrote, on their way to the model: guarded as its prompt is. */
const use = 'input';

/**
 * One tool definition guarded. A function tool keeps its name, `strict` and provider options, and
 * has its description, its input schema's prose and example values (see `guardJsonSchema`) and its
 * input examples guarded; a provider tool (`type: 'provider'`) keeps its id and name and has every
 * string in its `args` guarded. A tool of a kind this version does not know has every field but
 * `type`, `id` and `name` guarded.
 */
async function guardTool(tool: Tool, guard: PromptGuard): Promise<Tool> {
  if (tool.type === 'function') {
    const guarded: LanguageModelV4FunctionTool = { ...tool, inputSchema: await guardJsonSchema(tool.inputSchema, guard, { use, argument: 'params.tools' }) };
    if (tool.description !== undefined) guarded.description = await guard.guardText(tool.description, { use });
    if (tool.inputExamples !== undefined) guarded.inputExamples = await guard.guardValue(tool.inputExamples, { use });
    return guarded;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tool)) copy[key] = key === 'type' || key === 'id' || key === 'name' ? value : await guard.guardValue(value, { use });
  return copy as Tool;
}

/**
 * The call's definitions guarded, what the model reads besides the prompt: every tool (see
 * {@link guardTool}) and a JSON response format's name kept, its description and its schema's
 * prose guarded. Returns `params`' own `tools` and `responseFormat` when there are none.
 */
export async function guardCallDefinitions(params: LanguageModelV4CallOptions, guard: PromptGuard): Promise<Pick<LanguageModelV4CallOptions, 'tools' | 'responseFormat'>> {
  const tools = params.tools === undefined ? undefined : await Promise.all(params.tools.map((tool) => guardTool(tool, guard)));
  const format = params.responseFormat === undefined ? undefined : await guardResponseFormat(params.responseFormat, guard);
  return { ...(tools === undefined ? {} : { tools }), ...(format === undefined ? {} : { responseFormat: format }) };
}

async function guardResponseFormat(format: ResponseFormat, guard: PromptGuard): Promise<ResponseFormat> {
  if (format.type !== 'json') return format;
  const guarded = { ...format };
  if (format.schema !== undefined) guarded.schema = await guardJsonSchema(format.schema, guard, { use, argument: 'params.responseFormat' });
  if (format.description !== undefined) guarded.description = await guard.guardText(format.description, { use });
  return guarded;
}
