// Builds the peers' test data (bench/peers/<peer>.json: {positives: [{text, secret}], negatives:
// [text]}) that `pnpm --filter @parley/redaction peer-scanners` reads. The strings were transcribed from
// the peers' own test files (see README.md beside this file for sources and licences):
//
// - gitleaks (MIT): cmd/generate/config/rules/*.go. Most `tps` there are generated: a secret drawn
//   from the rule's pattern, written in each of the 25 forms of utils.GenerateSampleSecrets (INI,
//   JSON, XML, YAML, C#, Go, Java, Kotlin, PHP, Python, Makefile, logstash…). This script does the
//   same with a seeded generator, so the file is the same on every run; literal `tps` and `fps` are
//   copied as written.
// - detect-secrets (Apache-2.0): tests/plugins/*_test.py parametrized strings.
// - secretlint (MIT): packages/@secretlint/*/test/snapshots/*/input.txt.
//
// trufflehog (AGPL-3.0) is not built here: see README.md.
//
//   node bench/peers/build-peer-data.ts
import { writeFileSync } from 'node:fs';

interface Positive {
  readonly text: string;
  readonly secret: string;
  readonly rule?: string;
}
interface PeerData {
  readonly source: string;
  readonly licence: string;
  readonly positives: Positive[];
  readonly negatives: string[];
}

let seed = 0x5eed1e55;
function random(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let value = seed;
  value = Math.imul(value ^ (value >>> 15), value | 1);
  value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
  return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
}

const alphabets: Record<string, string> = {
  A: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', // utils.AlphaNumeric
  L: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', // [a-zA-Z]
  U: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', // [A-Z2-7]
  H: '0123456789abcdef', // utils.Hex
  N: '0123456789', // utils.Numeric
  W: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-', // [\w-]
  l: 'abcdefghijklmnopqrstuvwxyz0123456789', // [a-z0-9]
};

/** A secret from a shape: literal text with {A36}-style runs (alphabet letter, length). */
function draw(shape: string): string {
  return shape.replace(/\{([A-Z])(\d+)\}/gi, (_, alphabet: string, length: string) => {
    const characters = alphabets[alphabet]!;
    let out = '';
    for (let index = 0; index < Number(length); index += 1) out += characters[Math.floor(random() * characters.length)];
    return out;
  });
}

/** gitleaks' utils.GenerateSampleSecrets forms: {i} the identifier, {I} upper case, {s} the secret. */
const forms = [
  '{i}Token="{s}"',
  '{i}Token = "{s}"',
  '{i}Token={s}',
  '{i}Token = {s}',
  '{\n    "{i}_token": "{s}"\n}',
  '{"config.ini": "{I}_TOKEN={s}\\nBACKUP_ENABLED=true"}',
  '<{i}Token>\n    {s}\n</{i}Token>',
  '{i}_token: {s}',
  "{i}_token: '{s}'",
  '{i}_token: "{s}"',
  'string {i}Token = "{s}";',
  'var {i}Token string = "{s}"',
  '{i}Token := "{s}"',
  '{i}Token := `{s}`',
  'String {i}Token = "{s}";',
  'var {i}Token = "{s}"',
  '${i}Token .= "{s}"',
  "{i}Token = '{s}'",
  '{i}Token = "{s}"',
  'System.setProperty("{I}_TOKEN", "{s}")',
  '  "{i}Token" => "{s}"',
  '{i}_TOKEN = "{s}"',
  '{i}_TOKEN := "{s}"',
  '{i}_TOKEN ::= "{s}"',
  '{i}_TOKEN :::= "{s}"',
  '{i}_TOKEN ?= "{s}"',
];

function samples(rule: string, identifier: string, secret: string): Positive[] {
  return forms.map((form) => ({
    rule,
    secret,
    text: form.replaceAll('{i}', identifier).replaceAll('{I}', identifier.toUpperCase()).replaceAll('{s}', secret),
  }));
}

// [rule id, GenerateSampleSecrets identifier, secret shape] as the rule files generate them.
const generated: ReadonlyArray<readonly [string, string, string]> = [
  ['aws-access-token', 'AWS', 'AKIALALEMEL33243OLIB'],
  ['aws-access-token', 'AWS', 'AKIA{U16}'],
  ['aws-access-token', 'AWS', 'ASIA{U16}'],
  ['aws-access-token', 'AWS', 'ABIA{U16}'],
  ['aws-access-token', 'AWS', 'ACCA{U16}'],
  ['github-pat', 'github', 'ghp_{A36}'],
  ['github-fine-grained-pat', 'github', 'github_pat_{A82}'],
  ['github-oauth', 'github', 'gho_{A36}'],
  ['github-app-token', 'github', 'ghs_{A36}'],
  ['github-app-token', 'github', 'ghu_{A36}'],
  ['github-refresh-token', 'github', 'ghr_{A36}'],
  ['gitlab-cicd-job-token', 'gitlab', 'glcbt-{A5}_{A20}'],
  ['gitlab-feature-flag-client-token', 'gitlab', 'glffct-{A20}'],
  ['gitlab-feed-token', 'gitlab', 'glft-{A20}'],
  ['gitlab-incoming-mail-token', 'gitlab', 'glimt-{A25}'],
  ['gitlab-kubernetes-agent-token', 'gitlab', 'glagent-{A50}'],
  ['gitlab-oauth-app-secret', 'gitlab', 'gloas-{A64}'],
  ['gitlab-pat', 'gitlab', 'glpat-{A20}'],
  ['gitlab-pat-routable', 'gitlab', 'glpat-{A27}.{A2}{A7}'],
  ['gitlab-ptt', 'gitlab', 'glptt-{H40}'],
  ['gitlab-rrt', 'gitlab', 'GR1348941{A20}'],
  ['gitlab-runner-authentication-token', 'gitlab', 'glrt-{A20}'],
  ['gitlab-runner-authentication-token-routable', 'gitlab', 'glrt-t{N1}_{A27}.{A2}{A7}'],
  ['gitlab-scim-token', 'gitlab', 'glsoat-{A20}'],
  ['gitlab-session-cookie', 'gitlab', '_gitlab_session={A32}'],
  ['gcp-api-key', 'gcp', 'AIza{W35}'],
  ['huggingface-access-token', 'huggingface', 'hf_{L34}'],
  ['huggingface-organization-api-token', 'huggingface', 'api_org_{L34}'],
  ['slack-bot-token', 'bot', 'xoxb-781236542736-2364535789652-GkwFDQoHqzXDVsC6GzqYUypD'],
  ['slack-user-token', 'user', 'xoxp-41684372915-1320496754-45609968301-e708ba56e1517a99f6b5fb07349476ef'],
  ['slack-app-token', 'slack', 'xapp-1-A052FGTS2DL-5171572773297-610b6a11f4b7eb819e87b767d80e6575a3634791acb9a9ead051da879eb5b55e'],
  ['slack-config-access-token', 'access', 'xoxe.xoxp-1-Mi0yLTM0MTQwNDE0MDE3Ni0zNjU5NDY0Njg4MTctNTE4MjA3NTQ5NjA4MC01NDEyOTYyODY5NzUxLThhMTBjZmI1ZWIzMGIwNTg0ZDdmMDI5Y2UxNzVlZWVhYzU2ZWQyZTZiODNjNDZiMGUxMzRlNmNjNDEwYmQxMjQ'],
  ['slack-config-refresh-token', 'refresh', 'xoxe-1-My0xLTMxNzcwMjQ0MTcxMy01MTU4MTUyNjkxNzE0LTUxODE4NDI0MDY3MzYtMjA5MGFkOTFlZThkZWE2OGFlZDYwYWJjODNhYzAxYjA5ZjVmODBhYjgzN2QyNDdjOTNlOGY5NTg2YWM1OGM4Mg'],
  ['slack-legacy-bot-token', 'slack', 'xoxb-263594206564-FGqddMF8t08v8N7Oq4i57vs1'],
  ['slack-legacy-workspace-token', 'slack', 'xoxa-2-511111111-31111111111-3111111111111-e039d02840a0b9379c'],
  ['slack-legacy-token', 'slack', 'xoxs-416843729158-132049654-5609968301-e708ba56e1'],
  ['generic-api-key', 'generic', 'CLOJARS_34bf0e88955ff5a1c328d6a7491acc4f48e865a7b8dd4d70a70749037443'],
  ['generic-api-key', 'generic', 'Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB'],
];

/** Literal `tps`: the text as written and the secret in it. */
const literal = (rule: string, text: string, secret: string): Positive => ({ rule, text, secret });
const gitleaksLiterals: Positive[] = [
  literal('slack-bot-token', '"bot_token2": "xoxb-263594206564-2343594206574-FGqddMF8t08v8N7Oq4i57vs1MBS"', 'xoxb-263594206564-2343594206574-FGqddMF8t08v8N7Oq4i57vs1MBS'),
  literal('slack-bot-token', '"bot_token3": "xoxb-4614724432022-5152386766518-O5WzjWGLG0wcCm2WPrjEmnys"', 'xoxb-4614724432022-5152386766518-O5WzjWGLG0wcCm2WPrjEmnys'),
  literal('slack-user-token', '"user_token2": "xoxp-283316862324-298911817009-298923149681-44f585044dace54f5701618e97cd1c0b"', 'xoxp-283316862324-298911817009-298923149681-44f585044dace54f5701618e97cd1c0b'),
  literal('slack-user-token', '"user_token3": "xoxp-11873098179-111402824422-234336993777-b96c9fb3b69f82ebb79d12f280779de1"', 'xoxp-11873098179-111402824422-234336993777-b96c9fb3b69f82ebb79d12f280779de1'),
  literal('slack-user-token', '"user_token4": "xoxp-254112160503-252950188691-252375361712-6cbf56aada30951a9d310a5f23d032a0"', 'xoxp-254112160503-252950188691-252375361712-6cbf56aada30951a9d310a5f23d032a0'),
  literal('slack-user-token', '"user_token5": "xoxp-4614724432022-4621207627011-5182682871568-1ddad9823e8528ad0f4944dfa3c6fc6c"', 'xoxp-4614724432022-4621207627011-5182682871568-1ddad9823e8528ad0f4944dfa3c6fc6c'),
  literal('slack-user-token', '"url_private": "https:\\/\\/files.slack.com\\/files-pri\\/T04MCQMEXQ9-F04MAA1PKE3\\/image.png?t=xoxe-4726837507825-4848681849303-4856614048758-e0b1f3d4cb371f92260edb0d9444d206"', 'xoxe-4726837507825-4848681849303-4856614048758-e0b1f3d4cb371f92260edb0d9444d206'),
  literal('slack-app-token', '"token2": "xapp-1-IEMF8IMY1OQ-4037076220459-85c370b433e366de369c4ef5abdf41253519266982439a75af74a3d68d543fb6"', 'xapp-1-IEMF8IMY1OQ-4037076220459-85c370b433e366de369c4ef5abdf41253519266982439a75af74a3d68d543fb6'),
  literal('slack-app-token', '"token3": "xapp-1-BM3V7LC51DA-1441525068281-86641a2582cd0903402ab523e5bcc53b8253098c31591e529b55b41974d2e82f"', 'xapp-1-BM3V7LC51DA-1441525068281-86641a2582cd0903402ab523e5bcc53b8253098c31591e529b55b41974d2e82f'),
  literal('slack-legacy-bot-token', '"bot_token2": "xoxb-282029623751-BVtmnS3BQitmjZvjpQL7PSGP"', 'xoxb-282029623751-BVtmnS3BQitmjZvjpQL7PSGP'),
  literal('slack-legacy-bot-token', '"bot_token3": "xoxb-47834520726-N3otsrwj8Cf99cs8GhiRZsX1"', 'xoxb-47834520726-N3otsrwj8Cf99cs8GhiRZsX1'),
  literal('slack-legacy-bot-token', '"bot_token4": "xoxb-123456789012-Xw937qtWSXJss1lFaKe"', 'xoxb-123456789012-Xw937qtWSXJss1lFaKe'),
  literal('slack-legacy-bot-token', '"bot_token5": "xoxb-312554961652-uSmliU84rFhnUSBq9YdKh6lS"', 'xoxb-312554961652-uSmliU84rFhnUSBq9YdKh6lS'),
  literal('slack-legacy-bot-token', '"bot_token6": "xoxb-51351043345-Lzwmto5IMVb8UK36MghZYMEi"', 'xoxb-51351043345-Lzwmto5IMVb8UK36MghZYMEi'),
  literal('slack-legacy-bot-token', '"bot_token7": "xoxb-130154379991-ogFL0OFP3w6AwdJuK7wLojpK"', 'xoxb-130154379991-ogFL0OFP3w6AwdJuK7wLojpK'),
  literal('slack-legacy-bot-token', '"bot_token8": "xoxb-159279836768-FOst5DLfEzmQgkz7cte5qiI"', 'xoxb-159279836768-FOst5DLfEzmQgkz7cte5qiI'),
  literal('slack-legacy-bot-token', '"bot_token9": "xoxb-50014434-slacktokenx29U9X1bQ"', 'xoxb-50014434-slacktokenx29U9X1bQ'),
  literal('slack-legacy-token', '"access_token1": "xoxs-3206092076-3204538285-3743137121-836b042620"', 'xoxs-3206092076-3204538285-3743137121-836b042620'),
  literal('slack-legacy-token', '"access_token3": "xoxs-420083410720-421837374423-440811613314-977844f625b707d5b0b268206dbc92cbc85feef3e71b08e44815a8e6e7657190"', 'xoxs-420083410720-421837374423-440811613314-977844f625b707d5b0b268206dbc92cbc85feef3e71b08e44815a8e6e7657190'),
  literal('slack-legacy-token', '"access_token4": "xoxs-4829527689-4829527691-4814341714-d0346ec616"', 'xoxs-4829527689-4829527691-4814341714-d0346ec616'),
  literal('slack-legacy-token', '"access_token5": "xoxs-155191149137-155868813314-338998331396-9f6d235915"', 'xoxs-155191149137-155868813314-338998331396-9f6d235915'),
  literal('slack-legacy-token', '"access_token7": "xoxo-523423-234243-234233-e039d02840a0b9379c"', 'xoxo-523423-234243-234233-e039d02840a0b9379c'),
  literal('gcp-api-key', 'AIzaSyNHxIf32IQ1a1yjl3ZJIqKZqzLAK1XhDk-', 'AIzaSyNHxIf32IQ1a1yjl3ZJIqKZqzLAK1XhDk-'),
  literal('huggingface-access-token', 'huggingface-cli login --token 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', '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'),
  literal('huggingface-access-token', 'huggingface-cli login --token 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', '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'),
  literal('huggingface-access-token', 'huggingface-cli login --token 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', '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'),
  literal('huggingface-access-token', 'huggingface-cli login --token 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', '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'),
  literal('huggingface-access-token', 'huggingface-cli login --token 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', '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'),
  literal('huggingface-access-token', 'huggingface-cli login --token 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', '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'),
  literal('huggingface-access-token', 'huggingface-cli login --token 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', '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'),
  literal('huggingface-access-token', 'huggingface-cli login --token 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', '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'),
  literal('huggingface-access-token', '-H "Authorization: Bearer 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"', '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'),
  literal('huggingface-access-token', 'DEV=1 HF_TOKEN=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 poetry run python app.py', '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'),
  literal('huggingface-access-token', "use_auth_token='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')", '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'),
  literal('huggingface-access-token', 'CI_HUB_USER_TOKEN = "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"', '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'),
  literal('huggingface-access-token', `- Change line 5 and add your Hugging Face token, that is, instead of 'hf_token = "ADD_YOUR_HUGGING_FACE_TOKEN_HERE"', you will need to change it to something like'hf_token = "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"'`, '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'),
  literal('huggingface-access-token', '# Not critical, only usable on the sandboxed CI instance.\n\t\tTOKEN = "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"', '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'),
  literal('huggingface-access-token', `    parser.add_argument("--hf_token", type=str, default='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', help="Hugging Face Access Token to access PyAnnote gated models")`, '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'),
  literal('huggingface-organization-api-token', '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', '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'),
  literal('huggingface-organization-api-token', '`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`', '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'),
  literal('huggingface-organization-api-token', "\\'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'\\", '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'),
  literal('huggingface-organization-api-token', 'def test_private_space(self):\n        hf_token = "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"  # Intentionally revealing this key for testing purposes\n        io = gr.load(', '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'),
  literal('huggingface-organization-api-token', `"news_train_dataset = datasets.load_dataset('nlpHakdang/aihub-news30k',  data_files = \\"train_news_text.csv\\", use_auth_token='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')\\n",`, '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'),
  literal('huggingface-organization-api-token', "os.environ['HUGGINGFACEHUB_API_TOKEN'] = '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'", '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'),
  literal('generic-api-key', '"client_id" : "0afae57f3ccfd9d7f5767067bc48b30f719e271ba470488056e37ab35d4b6506"', '0afae57f3ccfd9d7f5767067bc48b30f719e271ba470488056e37ab35d4b6506'),
  literal('generic-api-key', '"client_secret" : "6da89121079f83b2eb6acccf8219ea982c3d79bccc3e9c6a85856480661f8fde",', '6da89121079f83b2eb6acccf8219ea982c3d79bccc3e9c6a85856480661f8fde'),
];

const gitleaksNegatives = [
  'key = AKIAXXXXXXXXXXXXXXXX',
  'aws_access_key: AKIAIOSFODNN7EXAMPLE',
  'msgstr "Näytä asiakirjamallikansio."',
  'TODAYINASIAASACKOFRICEFELLOVER',
  'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'github_pat_xxxxxxxxxxxxxxxxxxxxxx_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'gho_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'ghu_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'ghs_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'ghr_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'glpat-XXXXXXXXXXX-XXXXXXXX',
  'glpat-xxxxxxxx-xxxxxxxxxxxxxxxxxx.xxxxxxxxx',
  'glptt-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'GR134894112312312312312312312',
  'GR1348941XXXXXXXXXXXXXXXXXXXX',
  'glrt-tx_xxxxxxxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxx',
  'GWw4hjABFzZCGiRpmlDyDdo87Jn9BN9THUA47muVRNunLxsa82tMAdvmrhOqNkRKiYMEAFbTJAIzaTesb6Tscfcni8vIpWZqNCXFDFslJtVSvFDq',
  'AIzaTesb6Tscfcni8vIpWZqNCXFDFslJtVSvFDqabcd123',
  'apiKey: "AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"',
  'AIZASYCO2CXRMC9ELSKLHLHRMBSWDEVEDZTLO2O',
  'AIzaSyabcdefghijklmnopqrstuvwxyz1234567',
  '- (id)hf_requiredCharacteristicTypesForDisplayMetadata;',
  'amazon.de#@#div[data-cel-widget="desktop-rhf_SponsoredProductsRemoteRHFSearchEXPSubsK2ClickPagination"]',
  '                            _kHMSymptomhf_generatedByHomeAppForDebuggingPurposesKey,',
  '    #define OSCHF_DebugGetExpectedAverageCrystalAmplitude NOROM_OSCHF_DebugGetExpectedAverageCrystalAmplitude',
  '  M_UINT       (ServingCellPriorityParametersDescription_t,  H_PRIO,  2, &hf_servingcellpriorityparametersdescription_h_prio),',
  "                    change_dir(cwd)\n\t\tsubdirs = glob.glob('HF_CAASIMULIAComputeServicesBuildTime.HF*.Linux64')\n\t\tif len(subdirs) == 1:",
  '        os.environ.get("HF_AUTH_TOKEN",\n\t\t"hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),',
  '# HuggingFace API Token https://huggingface.co/settings/tokens\n\t\tHUGGINGFACE_API_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx,',
  'public static final String API_ORG_EXIST = "APIOrganizationExist";',
  "const api_org_controller = require('../../controllers/api/index').organizations;",
  'API_ORG_CREATE("https://qyapi.weixin.qq.com/cgi-bin/department/create?access_token=ACCESS_TOKEN"),',
  'def test_internal_api_org_inclusion_with_href(api_name, href, expected, monkeypatch, called_with):\n\t\tmonkeypatch.setattr("requests.sessions.Session.request", called_with)',
  '    def _api_org_96726c78_4ae3_402f_b08b_7a78c6903d2a(self, method, url, body, headers):\n        body = self.fixtures.load("api_org_96726c78_4ae3_402f_b08b_7a78c6903d2a.xml")\n        return httplib.OK, body, headers, httplib.responses[httplib.OK]',
  '<p>You should see a token <code>hf_xxxxx</code> (old tokens are <code>api_XXXXXXXX</code> or <code>api_org_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX</code>).</p>',
  '  From Hugging Face docs:\n\t\tYou should see a token hf_xxxxx (old tokens are api_XXXXXXXX or api_org_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx).\n\t\tIf you do not submit your API token when sending requests to the API, you will not be able to run inference on your private models.',
  'xoxb-xxxxxxxxx-xxxxxxxxxx-xxxxxxxxxxxx',
  'xoxb-xxx',
  'xoxb-12345-abcd234',
  'xoxb-xoxb-my-bot-token',
  'https://docs.google.com/document/d/1W7KCxOxP-1Fy5EyF2lbJGE2WuKmu5v0suYqoHas1jRM',
  '"token1": "xoxp-1234567890"',
  '"token2": "xoxp-XXXXXXXXXX-XXXXXXXXXX-XXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"',
  '"token3": "xoxp-1234-1234-1234-4ddbc191d40ee098cbaae6f3523ada2d"',
  '"token4": "xoxp-572370529330-573807301142-572331691188-####################"',
  'xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere',
  'xoxe.xoxp-1-RANDOMSTRINGHERE',
  'xoxe.xoxp-1-initial',
  'xoxe-1-xxx',
  'XOxE-RROAmw, Home and Garden, 5:24, 20120323',
  'xoxb-xxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx',
  'xoxb-Slack_BOT_TOKEN',
  'xoxb-abcdef-abcdef',
  'https://github.com/xoxa-nyc/xoxa-nyc.github.io/blob/master/README.md',
  'https://indieweb.org/images/3/35/2018-250-xoxo-indieweb-1.jpg',
  'client_vpn_endpoint_id = aws_ec2_client_vpn_endpoint.client-vpn-endpoint.id',
  'password combination.\n\nR5: Regulatory--21',
];

const gitleaks: PeerData = {
  source: 'github.com/gitleaks/gitleaks cmd/generate/config/rules/{aws,github,gitlab,gcp,huggingface,slack,generic}.go',
  licence: 'MIT',
  positives: [...generated.flatMap(([rule, identifier, shape]) => samples(rule, identifier, draw(shape))), ...gitleaksLiterals],
  negatives: gitleaksNegatives,
};

// detect-secrets: the keyword plugin's parametrized strings hold one secret.
const keywordSecret = 'm{{h}o)p${e]nob(ody[finds>-_$#thisone}}';
const keywordPositives = [
  'apikey := "{s}"', 'apikey :="{s}"', 'apikey  :=   "{s}"', "apikey := '{s}'", "apikey :='{s}'", 'apikey:= "{s}"', 'apikey:="{s}"', "apikey:= '{s}'", "apikey:='{s}'", "apikey:=  '{s}'",
  'apikey := {s}', 'apikey :={s}', 'apikey:= {s}', 'apikey:={s}',
  "'theapikey': '{s}'", '"theapikey": "{s}"', 'apikey: "{s}"', "apikey:  '{s}'", 'apikey: {s}', 'apikey:{s}', 'theapikey:{s}',
  'apikey = "{s}"', 'apikey ="{s}"', 'apikey  =   "{s}"', 'apikey = @"{s}"', 'apikey =@"{s}"', 'apikey  =   @"{s}"', 'apikey[]= "{s}"', 'apikey[]="{s}"',
  'some_dict["secret"] = "{s}"', 'the_password= "{s}"\n', "the_password='{s}'\n",
  "some_dict['secret'] = {s}", 'my_password={s}', 'my_password= {s}', 'my_password ={s}', 'my_password = {s}', 'the_password={s}\n',
  'apikey "{s}";', 'fooapikeyfoo "{s}";', 'fooapikeyfoo"{s}";', "private_key '{s}';", "fooprivate_key'{s}';",
].map((form) => ({ rule: 'KeywordDetector', text: form.replace('{s}', keywordSecret), secret: keywordSecret }));
const detectSecretsPositives: Positive[] = [
  ...keywordPositives,
  { rule: 'AWSKeyDetector', text: 'AKIAZZZZZZZZZZZZZZZZ', secret: 'AKIAZZZZZZZZZZZZZZZZ' },
  { rule: 'AWSKeyDetector', text: 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  { rule: 'AWSKeyDetector', text: 'secret_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  { rule: 'AWSKeyDetector', text: "aws_secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'", secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  ...['xoxp-523423-234243-234233-e039d02840a0b9379c', 'xoxo-523423-234243-234233-e039d02840a0b9379c', 'xoxs-523423-234243-234233-e039d02840a0b9379c', 'xoxa-511111111-31111111111-3111111111111-e039d02840a0b9379c', 'xoxa-2-511111111-31111111111-3111111111111-e039d02840a0b9379c', 'xoxr-523423-234243-234233-e039d02840a0b9379c', 'xoxb-34532454-e039d02840a0b9379c'].map((token) => ({ rule: 'SlackDetector', text: token, secret: token })),
  { rule: 'SlackDetector', text: 'https://hooks.slack.com/services/Txxxxxxxx/Bxxxxxxxx/xxxxxxxxxxxxxxxxxxxxxxxx', secret: 'Txxxxxxxx/Bxxxxxxxx/xxxxxxxxxxxxxxxxxxxxxxxx' },
  { rule: 'GitHubTokenDetector', text: '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', secret: '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' },
  { rule: 'BasicAuthDetector', text: 'https://username:password@yelp.com', secret: 'password' },
  ...['c3VwZXIgbG9uZyBzdHJpbmcgc2hvdWxkIGNhdXNlIGVub3VnaCBlbnRyb3B5', 'I6FwzQZFL9l-44nviI1F04OTmorMaVQf9GS4Oe07qxL_vNkW6CRas4Lo42vqJMT0M6riJfma_f-pTAuoX2U=', '2b00042f7481c7b056c4b410d28f33cf'].flatMap((secret) => [
    { rule: 'HighEntropyString', text: `'${secret}'`, secret },
    { rule: 'HighEntropyString', text: `String #1: "aaaaaa"; String #2: "${secret}"`, secret },
  ]),
];
const detectSecretsNegatives = [
  'theapikey := ""', 'theapikey := "somefakekey"', 'theapikeyforfoo := hopenobodyfindsthisone', 'theapikey: ""', 'theapikey: "somefakekey"', 'theapikeyforfoo:hopenobodyfindsthisone', 'password: ${link}',
  'theapikey[] = ""', 'theapikey = @"somefakekey"', 'some_key = "real_secret"', 'my_password = ""', "my_password = ''", 'my_password = "fakesecret"', 'open(self, password = ""):',
  'my_password = foo(hey)you', "my_password = request.json_body['hey']", 'my_password = True', 'login(username=username, password=password)',
  'private_key "";', 'private_key \'"no spaces\';', 'private_key "fake";', 'private_key "some/dir/aint/a/secret";', 'private_key "${FOO}";',
  'apiKey: this.apiKey,', "apiKey: fs.readFileSync('foo',", '$password = $input;',
  'akiazzzzzzzzzzzzzzzz', 'AKIAZZZ', 'foo_wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx', 'foo', 'http://localhost:5000/<%= @variable %>',
  "'c3VwZXIgc2VjcmV0IHZhbHVl'", "'Zrm-ySTAq7D2sHk='", "'aaaaaa'",
  // Left out: detect-secrets' negatives that hold only for a file type the redactor cannot see (the
  // keyword positives as {{…}} in .yaml files, as <…> in .example files, quotes-required languages).
];
const detectSecrets: PeerData = {
  source: 'github.com/Yelp/detect-secrets tests/plugins/{keyword,aws_key,slack,github_token,basic_auth,high_entropy_strings}_test.py',
  licence: 'Apache-2.0',
  positives: detectSecretsPositives,
  negatives: detectSecretsNegatives,
};

const secretlint: PeerData = {
  source: 'github.com/secretlint/secretlint packages/@secretlint/secretlint-rule-{database-connection-string,basicauth}/test/snapshots',
  licence: 'MIT',
  positives: [
    ['const MONGO_URI = "mongodb://realuser:s3cr3tP4ss@db1.example.net:27017/production";', 's3cr3tP4ss'],
    ['const MONGO_SRV = "mongodb+srv://appuser:myR3alP@ssw0rd@cluster0.mongodb.net/mydb?retryWrites=true";', 'myR3alP@ssw0rd'],
    ['const MYSQL_URI = "mysql://dbuser:compl3xPwd@mysql.server.com:3306/database";', 'compl3xPwd'],
    ['const MYSQL_JDBC = "jdbc:mysql://admin:str0ngP4ss@db.company.com:3306/app_db";', 'str0ngP4ss'],
    ['const PG_URI = "postgresql://pguser:secur3Pass@postgres.example.com:5432/production_db";', 'secur3Pass'],
    ['const POSTGRES_URI = "postgres://api_user:myC0mpl3xPwd@db.internal.com:5432/api_db";', 'myC0mpl3xPwd'],
  ].map(([text, secret]) => ({ rule: 'database-connection-string', text: text!, secret: secret! })),
  negatives: [
    'const MONGO_TEMPLATE = "mongodb://username:password@localhost:27017/database";',
    'const MYSQL_TEMPLATE = "mysql://user:${PASSWORD}@example.com:3306/db";',
    'const PG_TEMPLATE = "postgresql://{username}:{password}@{{host}}:5432/{database}";',
    'const MONGO_NO_AUTH = "mongodb://localhost:27017/database";',
    'const MYSQL_NO_AUTH = "mysql://db.example.com:3306/app";',
    'const PG_NO_AUTH = "postgresql://db.server.com:5432/production";',
    'const CONFIG_EXAMPLE = "mongodb://YOUR_USERNAME:YOUR_PASSWORD@cluster.mongodb.net/test";',
    'const DOC_EXAMPLE = "mysql://admin:REPLACE_WITH_PASSWORD@mysql.server.com:3306/database";',
    'const API_URL = "https://${username}:${password}@api.example.com/v1";',
    'const CONFIG_URL = "https://{{user}}:{{pass}}@config.example.com";',
    'const TEMPLATE_URL = "https://{USER}:{PASS}@template.example.com";',
    'const TEMPLATE_URL2 = "https://username:password@example.com/api";',
    'const GUIDE_URL = "https://username:mypassword@test.com/endpoint";',
    'const LOCAL_URL = "https://dbuser:password@127.0.0.1:3000/";',
    'const DOC_URL = "https://YOUR_USERNAME:YOUR_PASSWORD@api.service.com";',
    'const GUIDE_URL2 = "https://username:REPLACE_WITH_PASSWORD@example.org";',
    'const SHORT_URL = "https://user:abc@api.com/v1";',
    'const REPETITIVE_URL = "https://user:1111@service.com/api";',
    'const SIMPLE_URL = "https://testuser:xxxx@demo.com";',
  ],
};

const directory = new URL('./', import.meta.url).pathname;
for (const [name, data] of [['gitleaks', gitleaks], ['detect-secrets', detectSecrets], ['secretlint', secretlint]] as const) {
  for (const positive of data.positives) if (!positive.text.includes(positive.secret)) throw new Error(`${name}: secret not in text: ${positive.text}`);
  writeFileSync(`${directory}${name}.json`, `${JSON.stringify(data, null, 1)}\n`);
  console.log(`${name}: ${data.positives.length} positives, ${data.negatives.length} negatives`);
}
