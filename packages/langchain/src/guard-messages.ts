import { AIMessage, type BaseMessage, ChatMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { PromptGuard, PromptGuardUse } from '@parley/core';

type Content = BaseMessage['content'];
type Block = Exclude<Content, string>[number];

/** The fields of a content block that hold text the model reads: text, reasoning, thinking. */
const textFields = ['text', 'reasoning', 'thinking'] as const;

/** A message's content guarded: a string, or the text of each text, reasoning and thinking block (and a tool_use block's input). */
export async function guardContent(content: Content, guard: PromptGuard, use: PromptGuardUse): Promise<Content> {
  if (typeof content === 'string') return guard.guardText(content, { use });
  if (!Array.isArray(content)) return content;
  return Promise.all(
    content.map(async (block: Block) => {
      if (typeof block !== 'object' || block === null) return block;
      const record = block as Record<string, unknown>;
      let copy: Record<string, unknown> | undefined;
      for (const field of textFields) {
        const value = record[field];
        if (typeof value === 'string') (copy ??= { ...record })[field] = await guard.guardText(value, { use });
      }
      // Anthropic's tool_use blocks carry a tool call's input in the content too.
      if (record['type'] === 'tool_use' && record['input'] !== undefined) (copy ??= { ...record })['input'] = await guard.guardValue(record['input'], { use });
      return (copy ?? block) as Block;
    }),
  ) as Promise<Content>;
}

/** The fields every message keeps when it is rebuilt with guarded content. */
function baseFields(message: BaseMessage): Record<string, unknown> {
  const fields: Record<string, unknown> = { additional_kwargs: message.additional_kwargs, response_metadata: message.response_metadata };
  if (message.id !== undefined) fields['id'] = message.id;
  if (message.name !== undefined) fields['name'] = message.name;
  return fields;
}

/**
 * A copy of the messages with everything the model reads guarded: system, human and AI text
 * (the `input` use), AI tool calls' arguments (also as the provider's raw `additional_kwargs`),
 * and tool messages (the `toolResults` use). Messages of other kinds pass as they are.
 */
export async function guardMessages(messages: readonly BaseMessage[], guard: PromptGuard): Promise<BaseMessage[]> {
  return Promise.all(messages.map((message) => guardMessage(message, guard)));
}

async function guardMessage(message: BaseMessage, guard: PromptGuard): Promise<BaseMessage> {
  if (ToolMessage.isInstance(message)) {
    const fields: Record<string, unknown> = { ...baseFields(message), content: await guardContent(message.content, guard, 'toolResults'), tool_call_id: message.tool_call_id };
    if (message.artifact !== undefined) fields['artifact'] = message.artifact;
    if (message.status !== undefined) fields['status'] = message.status;
    return new ToolMessage(fields as unknown as ConstructorParameters<typeof ToolMessage>[0]);
  }
  if (AIMessage.isInstance(message)) {
    const fields: Record<string, unknown> = { ...baseFields(message), content: await guardContent(message.content, guard, 'input') };
    fields['tool_calls'] = await Promise.all((message.tool_calls ?? []).map(async (call) => ({ ...call, args: await guard.guardValue(call.args, { use: 'input' }) })));
    if ((message.invalid_tool_calls ?? []).length > 0) fields['invalid_tool_calls'] = await guard.guardValue(message.invalid_tool_calls, { use: 'input' });
    if (message.usage_metadata !== undefined) fields['usage_metadata'] = message.usage_metadata;
    const raw = message.additional_kwargs['tool_calls'];
    if (raw !== undefined) fields['additional_kwargs'] = { ...message.additional_kwargs, tool_calls: await guard.guardValue(raw, { use: 'input' }) };
    return new AIMessage(fields as ConstructorParameters<typeof AIMessage>[0]);
  }
  const content = await guardContent(message.content, guard, 'input');
  if (content === message.content) return message;
  const fields = { ...baseFields(message), content };
  if (HumanMessage.isInstance(message)) return new HumanMessage(fields as ConstructorParameters<typeof HumanMessage>[0]);
  if (SystemMessage.isInstance(message)) return new SystemMessage(fields as ConstructorParameters<typeof SystemMessage>[0]);
  if (ChatMessage.isInstance(message)) return new ChatMessage({ ...fields, role: message.role } as ConstructorParameters<typeof ChatMessage>[0]);
  return message;
}
