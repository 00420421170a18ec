/**
 * Agent conversations with catalogue keys planted in every place a secret reaches a model from:
 * the system prompt, a user message, the assistant's history (its text and a tool call's
 * arguments), a tool's streamed output and an MCP tool's result. Plain JSON data from a seeded
 * generator, so the input-guard acceptance runs the same conversations against the sources (a
 * vitest test) and against the packed tarballs (`pnpm check:input-guards`).
 */
import { catalogue } from '../rules/catalogue';
import { digitless, exampleOf, labelAndSecret, seededRandom, spacedOut, spacedOutMissed } from './catalogue-examples';

/** Where in a conversation a secret is planted. */
export type PlantedPlace = 'system' | 'user' | 'assistant' | 'toolCall' | 'toolResult' | 'mcpResult';

/** One planted secret: its text as written in the conversation, and its format's prefix (not secret: published). */
export interface PlantedSecret {
  readonly place: PlantedPlace;
  readonly rule: string;
  readonly written: string;
  /** A labelled row's label (`AccountKey=`), written right before the secret: the text's, not the secret's. */
  readonly label: string;
  readonly prefix: string;
  readonly spaced: boolean;
}

/** The guard strategy a conversation runs under. */
export type ConversationStrategy = 'redact' | 'mask' | 'hash' | 'placeholder' | 'block';

/** One generated conversation, as JSON. */
export interface PlantedConversation {
  readonly id: number;
  readonly strategy: ConversationStrategy;
  readonly system: string;
  readonly user: string;
  /** An earlier turn: the assistant's text and a tool call (`lookup`) with its arguments, and that call's result. */
  readonly assistant: string;
  readonly toolCallArguments: { readonly query: string };
  readonly historyToolResult: string;
  /** What the local `read_file` tool streams: the chunks of one text, in order. */
  readonly fileChunks: readonly string[];
  /** The text the MCP server's `read_config` tool returns (as text content and in structured content). */
  readonly mcpResult: string;
  readonly secrets: readonly PlantedSecret[];
}

const befores = ['', 'key: ', 'export TOKEN=', '"', '(', 'see ', '\n', 'value=', 'The deploy failed, so I used ', 'Here it is:\n\n', '`'];
const afters = [' ', '"', ')', '.', ' and more text', '\n', ', ok', ' to push the release. Rotate it after.', '`', '\n\nThanks!'];
const places: readonly PlantedPlace[] = ['system', 'user', 'assistant', 'toolCall', 'toolResult', 'mcpResult'];
/** Half the conversations restore (placeholder); block, redact, mask and hash share the rest. Taken in fours, so each adapter of four in turn runs each. */
const strategies: readonly ConversationStrategy[] = ['placeholder', 'redact', 'placeholder', 'mask', 'placeholder', 'hash', 'placeholder', 'block', 'placeholder', 'redact'];
/** Rows that can be spaced out every four characters and still be found (the catalogue's tests: a README limit). */
const spaceable = catalogue.filter((rule) => !digitless(rule) && !spacedOutMissed.has(rule.id));

/**
 * `count` conversations from `seed`. Each secret is a generated key of a random catalogue row (any
 * of its prefixes; a body of any characters, letters only or digits only), written whole or, one
 * in four, spaced out every four characters, in a random context; the file's text is cut into
 * 1 to 8 chunks at random offsets (inside a key too).
 */
export function plantedConversations(seed: number, count: number): PlantedConversation[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const plant = (place: PlantedPlace): PlantedSecret => {
    const spaced = random() < 0.25;
    const rule = spaced ? pick(spaceable) : pick(catalogue);
    const prefixIndex = spaced ? 0 : Math.floor(random() * rule.prefixes.length);
    const key = exampleOf(rule, random, 'positive', prefixIndex, spaced ? 'digit-early' : pick(['any', 'any', 'letters', 'digits'] as const), random());
    const [label, secret] = labelAndSecret(rule, key);
    return { place, rule: rule.id, written: spaced ? spacedOut(secret) : secret, label, prefix: label === '' ? (rule.prefixes[prefixIndex] as string) : '', spaced };
  };
  const conversations: PlantedConversation[] = [];
  for (let id = 0; id < count; id += 1) {
    const secrets = places.map(plant);
    const at = (place: PlantedPlace): string => {
      const secret = secrets.find((entry) => entry.place === place) as PlantedSecret;
      return `${pick(befores)}${secret.label}${secret.written}${pick(afters)}`;
    };
    const file = `# deploy.env (conversation ${id})\nREGION=eu-west-1\nTOKEN=${(secrets[4] as PlantedSecret).label}${(secrets[4] as PlantedSecret).written}\n# rotate monthly\n`;
    const cuts = Array.from({ length: Math.floor(random() * 8) }, () => Math.floor(random() * (file.length + 1))).sort((a, b) => a - b);
    const fileChunks: string[] = [];
    let cursor = 0;
    for (const cut of [...cuts, file.length]) {
      if (cut > cursor) fileChunks.push(file.slice(cursor, cut));
      cursor = Math.max(cursor, cut);
    }
    conversations.push({
      id,
      strategy: strategies[Math.floor(id / 4) % strategies.length] as ConversationStrategy,
      system: `You are the release agent. Credentials you may need: ${at('system')}`,
      user: `Please deploy the release. ${at('user')}`,
      assistant: `Earlier I noted ${at('assistant')}`,
      toolCallArguments: { query: `find where ${(secrets[3] as PlantedSecret).label}${(secrets[3] as PlantedSecret).written} is used` },
      historyToolResult: 'two files use it',
      fileChunks,
      mcpResult: `config for release ${id}: ${at('mcpResult')}`,
      secrets,
    });
  }
  return conversations;
}
