import type { LanguageModelV4FilePart, LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import type { PromptGuard, PromptGuardUse } from '@parley/core';

type Message = LanguageModelV4Prompt[number];
type FileData = LanguageModelV4FilePart['data'];

/** Media types whose bytes are text a secret can hide in. */
const isTextual = (mediaType: string): boolean => /^text\/|^application\/(?:json|xml|yaml|x-yaml|toml|x-sh|javascript|x-ndjson)\b|\+(?:json|xml)$/u.test(mediaType);

/**
 * A copy of the prompt with every text the model would read guarded: the system prompt, user,
 * assistant and reasoning text, tool-call inputs in the history (`input`), tool results (the
 * `toolResults` use: text, JSON, content parts, errors, a denial's reason) and files given as
 * text or as textual bytes. Images and other binary files, URLs and provider options pass as they are.
 */
export async function guardPrompt(prompt: LanguageModelV4Prompt, guard: PromptGuard): Promise<LanguageModelV4Prompt> {
  const text = (value: string, use: PromptGuardUse): Promise<string> => guard.guardText(value, { use });
  const file = async <Part extends { readonly data: FileData; readonly mediaType: string }>(part: Part, use: PromptGuardUse): Promise<Part> => {
    const data = await guardFileData(part.data, part.mediaType, (value) => text(value, use));
    return data === part.data ? part : { ...part, data };
  };
  const toolOutput = async (output: LanguageModelV4ToolResultOutput): Promise<LanguageModelV4ToolResultOutput> => {
    switch (output.type) {
      case 'text':
      case 'error-text':
        return { ...output, value: await text(output.value, 'toolResults') };
      case 'json':
      case 'error-json':
        return { ...output, value: await guard.guardValue(output.value, { use: 'toolResults' }) };
      case 'execution-denied':
        return output.reason === undefined ? output : { ...output, reason: await text(output.reason, 'toolResults') };
      case 'content':
        return {
          ...output,
          value: await Promise.all(
            output.value.map(async (item) => {
              if (item.type === 'text') return { ...item, text: await text(item.text, 'toolResults') };
              if (item.type === 'file') return file(item, 'toolResults');
              return item;
            }),
          ),
        };
      default:
        return output;
    }
  };
  const message = async (entry: Message): Promise<Message> => {
    switch (entry.role) {
      case 'system':
        return { ...entry, content: await text(entry.content, 'input') };
      case 'user':
        return { ...entry, content: await Promise.all(entry.content.map(async (part) => (part.type === 'text' ? { ...part, text: await text(part.text, 'input') } : file(part, 'input')))) };
      case 'assistant':
        return {
          ...entry,
          content: await Promise.all(
            entry.content.map(async (part) => {
              switch (part.type) {
                case 'text':
                case 'reasoning':
                  return { ...part, text: await text(part.text, 'input') };
                case 'file':
                  return file(part, 'input');
                case 'tool-call':
                  return { ...part, input: await guard.guardValue(part.input, { use: 'input' }) };
                case 'tool-result':
                  return { ...part, output: await toolOutput(part.output) };
                default:
                  return part;
              }
            }),
          ),
        };
      case 'tool':
        return { ...entry, content: await Promise.all(entry.content.map(async (part) => (part.type === 'tool-result' ? { ...part, output: await toolOutput(part.output) } : part))) };
      default:
        return entry;
    }
  };
  return Promise.all(prompt.map(message));
}

/** A file's data with its text guarded: given as text, or as bytes of a textual media type. */
async function guardFileData<Data extends FileData>(data: Data, mediaType: string, guard: (text: string) => Promise<string>): Promise<Data> {
  if (data.type === 'text') {
    const guarded = await guard(data.text);
    return guarded === data.text ? data : { ...data, text: guarded };
  }
  if (data.type !== 'data' || !isTextual(mediaType)) return data;
  const bytes = typeof data.data === 'string' ? base64Bytes(data.data) : data.data;
  const original = new TextDecoder().decode(bytes);
  const guarded = await guard(original);
  return guarded === original ? data : { ...data, data: new TextEncoder().encode(guarded) };
}

function base64Bytes(text: string): Uint8Array {
  // atob skips whitespace and takes text with or without padding; base64url's - and _ are mapped.
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
