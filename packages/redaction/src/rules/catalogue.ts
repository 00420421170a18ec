/**
 * The catalogue of provider credential formats, as data: one row per format with the facts a
 * provider documents (prefix, body alphabet and length, checksum, keywords) and a link to that
 * documentation. The pattern rules, the generated tests and the per-provider recall table are all
 * built from this one table.
 */
import type { ChecksumAlgorithm } from './checksum';
import { characters, literal, type SecretPattern } from '../engine/pattern/secret-pattern';

/** One part of a format after its prefix: a run of an alphabet, or a fixed literal between runs (a separator such as `.`, or `.eyJ`). */
export type CataloguePart =
  | { readonly alphabet: string; readonly min: number; readonly max: number }
  | { readonly literal: string };

/** One credential format of one provider. */
export interface CatalogueRule {
  /** Stable kebab-case id of the format, such as `github-classic-token`. */
  readonly id: string;
  /** The placeholder type, such as `GITHUB_TOKEN`; several formats may share one. */
  readonly type: string;
  readonly provider: string;
  readonly description: string;
  /** The literal prefixes the format begins with (one of them). */
  readonly prefixes: readonly string[];
  /** What follows the prefix, in order. */
  readonly body: readonly CataloguePart[];
  /** Whether the prefix is the key's label in a connection string (`AccountKey=`), not the key's: a finding leaves it out. */
  readonly labelled?: boolean;
  /** A checksum the format carries, described. */
  readonly checksum?: string;
  /** How the checksum is verified, when the catalogue can (see `verifyChecksum`): a key whose checksum is right is always this row's. */
  readonly checksumAlgorithm?: ChecksumAlgorithm;
  /** Where the provider documents the format. */
  readonly docs: string;
  /**
   * Whether the body encodes structured data (base64 of JSON or of a URL, a macaroon) rather than
   * being drawn uniformly from its alphabet: its characters are then not judged for a skew
   * (`isSkewed` in `judge/near-constant.ts`).
   */
  readonly encoded?: boolean;
}

const base64Url = 'A-Za-z0-9_-';
const alnum = 'A-Za-z0-9';
const hex = '0-9a-f';
const run = (alphabet: string, min: number, max: number = min): CataloguePart => ({ alphabet, min, max });
/** A UUID's 8-4-4-4-12 hex digits with their dashes. */
const uuid: readonly CataloguePart[] = [run(hex, 8), { literal: '-' }, run(hex, 4), { literal: '-' }, run(hex, 4), { literal: '-' }, run(hex, 4), { literal: '-' }, run(hex, 12)];
/** Honeycomb's key ids: `hc`, a letter Honeycomb assigns at creation, the kind (`ik` ingest, `lk` configuration, `mk` management) and `_`. */
const honeycombPrefixes = (kinds: readonly string[]): string[] => kinds.flatMap((kind) => [...'abcdefghijklmnopqrstuvwxyz'].map((letter) => `hc${letter}${kind}_`));
/** The lower-case Bech32 data characters (no `1`, `b`, `i`, `o`). */
const bech32 = 'ac-hj-np-z02-9';

/**
 * Every provider format, in priority order: where two formats' prefixes overlap, the earlier wins at
 * equal prefix length (`sk-ant-` before `sk-proj-` before legacy `sk-`).
 */
export const catalogue: readonly CatalogueRule[] = [
  // Cloud providers
  { id: 'aws-access-key-id', type: 'AWS_ACCESS_KEY_ID', provider: 'AWS', description: 'IAM access key id', prefixes: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'AROA', 'AIDA'], body: [run('A-Z0-9', 16)], docs: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html' },
  { id: 'aws-bedrock-api-key', type: 'AWS_BEDROCK_API_KEY', provider: 'AWS', description: 'Amazon Bedrock long-term API key (base64 of the service credential)', prefixes: ['ABSK'], body: [run('A-Za-z0-9+/=', 60, 400)], docs: 'https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys.html', encoded: true },
  { id: 'aws-bedrock-short-term-key', type: 'AWS_BEDROCK_API_KEY', provider: 'AWS', description: 'Amazon Bedrock short-term API key (a presigned URL, base64)', prefixes: ['bedrock-api-key-'], body: [run('A-Za-z0-9+/=', 60, 4096)], docs: 'https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys.html', encoded: true },
  { id: 'google-api-key', type: 'GOOGLE_API_KEY', provider: 'Google Cloud', description: 'API key', prefixes: ['AIza'], body: [run(base64Url, 35)], docs: 'https://cloud.google.com/docs/authentication/api-keys' },
  { id: 'google-oauth-client-secret', type: 'GOOGLE_OAUTH_CLIENT_SECRET', provider: 'Google Cloud', description: 'OAuth client secret', prefixes: ['GOCSPX-'], body: [run(base64Url, 28)], docs: 'https://developers.google.com/identity/protocols/oauth2' },
  { id: 'google-oauth-access-token', type: 'GOOGLE_OAUTH_ACCESS_TOKEN', provider: 'Google Cloud', description: 'OAuth 2.0 access token', prefixes: ['ya29.'], body: [run(base64Url, 50, 2048)], docs: 'https://developers.google.com/identity/protocols/oauth2' },
  { id: 'alibaba-access-key-id', type: 'ALIBABA_ACCESS_KEY_ID', provider: 'Alibaba Cloud', description: 'AccessKey id', prefixes: ['LTAI'], body: [run(alnum, 20)], docs: 'https://www.alibabacloud.com/help/en/ram/user-guide/create-an-accesskey-pair' },
  { id: 'tencent-secret-id', type: 'TENCENT_SECRET_ID', provider: 'Tencent Cloud', description: 'API SecretId', prefixes: ['AKID'], body: [run(alnum, 32)], docs: 'https://www.tencentcloud.com/document/product/598/32675' },
  { id: 'digitalocean-token', type: 'DIGITALOCEAN_TOKEN', provider: 'DigitalOcean', description: 'personal access, OAuth and refresh tokens', prefixes: ['dop_v1_', 'doo_v1_', 'dor_v1_'], body: [run(hex, 64)], docs: 'https://docs.digitalocean.com/reference/api/create-personal-access-token/' },
  { id: 'cloudflare-origin-ca-key', type: 'CLOUDFLARE_ORIGIN_CA_KEY', provider: 'Cloudflare', description: 'Origin CA key', prefixes: ['v1.0-'], body: [run(hex, 24), { literal: '-' }, run(hex, 146)], docs: 'https://developers.cloudflare.com/fundamentals/api/get-started/ca-keys/' },
  { id: 'heroku-api-key', type: 'HEROKU_API_KEY', provider: 'Heroku', description: 'platform API key', prefixes: ['HRKU-'], body: [run(base64Url, 50, 80)], docs: 'https://devcenter.heroku.com/articles/authentication' },
  { id: 'fly-io-token', type: 'FLY_IO_TOKEN', provider: 'Fly.io', description: 'access token', prefixes: ['fo1_'], body: [run(base64Url, 43)], docs: 'https://fly.io/docs/security/tokens/' },
  { id: 'netlify-token', type: 'NETLIFY_TOKEN', provider: 'Netlify', description: 'personal access token', prefixes: ['nfp_'], body: [run(alnum, 36, 40)], docs: 'https://docs.netlify.com/api/get-started/#authentication' },
  { id: 'render-api-key', type: 'RENDER_API_KEY', provider: 'Render', description: 'API key', prefixes: ['rnd_'], body: [run(alnum, 32)], docs: 'https://render.com/docs/api#1-create-an-api-key' },
  { id: 'openshift-token', type: 'OPENSHIFT_TOKEN', provider: 'OpenShift', description: 'user OAuth access token', prefixes: ['sha256~'], body: [run(base64Url, 43)], docs: 'https://docs.openshift.com/container-platform/latest/authentication/managing-oauth-access-tokens.html' },
  { id: 'scalingo-token', type: 'SCALINGO_TOKEN', provider: 'Scalingo', description: 'API token', prefixes: ['tk-us-'], body: [run(base64Url, 48)], docs: 'https://developers.scalingo.com/' },
  // Messaging
  { id: 'slack-webhook-url', type: 'SLACK_WEBHOOK_URL', provider: 'Slack', description: 'incoming webhook, workflow and trigger URLs', prefixes: ['https://hooks.slack.com/services/', 'https://hooks.slack.com/workflows/', 'https://hooks.slack.com/triggers/', 'http://hooks.slack.com/services/', 'http://hooks.slack.com/workflows/', 'http://hooks.slack.com/triggers/'], body: [run('A-Za-z0-9/_', 20, 160)], docs: 'https://api.slack.com/messaging/webhooks' },
  // Slack documents the prefixes; every token it issues but the legacy workspace ones (`xoxa-`, `xoxr-`: `slack-workspace-token`, last) carries numeric ids and a secret after them, 20 characters or more.
  { id: 'slack-token', type: 'SLACK_TOKEN', provider: 'Slack', description: 'bot, user, app, refresh, legacy user and configuration tokens', prefixes: ['xoxb-', 'xoxp-', 'xoxs-', 'xoxo-', 'xoxe-', 'xoxe.xoxp-', 'xoxe.xoxb-', 'xapp-'], body: [run('A-Za-z0-9-', 20, 256)], docs: 'https://api.slack.com/authentication/token-types' },
  { id: 'twilio-api-key', type: 'TWILIO_API_KEY', provider: 'Twilio', description: 'API key SID', prefixes: ['SK'], body: [run(hex, 32)], docs: 'https://www.twilio.com/docs/iam/api-keys' },
  { id: 'sendgrid-api-key', type: 'SENDGRID_API_KEY', provider: 'SendGrid', description: 'API key', prefixes: ['SG.'], body: [run(base64Url, 22), { literal: '.' }, run(base64Url, 43)], docs: 'https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys' },
  { id: 'mailgun-api-key', type: 'MAILGUN_API_KEY', provider: 'Mailgun', description: 'legacy private API key', prefixes: ['key-'], body: [run(hex, 32)], docs: 'https://documentation.mailgun.com/docs/mailgun/api-reference/authentication/' },
  { id: 'telegram-bot-token', type: 'TELEGRAM_BOT_TOKEN', provider: 'Telegram', description: 'bot token in a Bot API URL', prefixes: ['api.telegram.org/bot'], body: [run('0-9', 6, 12), { literal: ':' }, run(base64Url, 35)], docs: 'https://core.telegram.org/bots/api#authorizing-your-bot' },
  // AI providers
  { id: 'anthropic-api-key', type: 'ANTHROPIC_API_KEY', provider: 'Anthropic', description: 'API and admin keys', prefixes: ['sk-ant-api03-', 'sk-ant-admin01-', 'sk-ant-'], body: [run(base64Url, 32, 256)], docs: 'https://docs.anthropic.com/en/api/getting-started' },
  { id: 'openai-project-key', type: 'OPENAI_API_KEY', provider: 'OpenAI', description: 'project, service account and admin keys', prefixes: ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-None-'], body: [run(base64Url, 20, 256)], docs: 'https://platform.openai.com/docs/api-reference/authentication' },
  { id: 'openai-legacy-key', type: 'OPENAI_API_KEY', provider: 'OpenAI', description: 'legacy user key', prefixes: ['sk-'], body: [run(alnum, 32, 64)], docs: 'https://platform.openai.com/docs/api-reference/authentication' },
  { id: 'hugging-face-token', type: 'HUGGING_FACE_TOKEN', provider: 'Hugging Face', description: 'user access token', prefixes: ['hf_'], body: [run('A-Za-z', 34)], docs: 'https://huggingface.co/docs/hub/security-tokens' },
  { id: 'hugging-face-org-token', type: 'HUGGING_FACE_TOKEN', provider: 'Hugging Face', description: 'legacy organization API token', prefixes: ['api_org_'], body: [run('A-Za-z', 34)], docs: 'https://huggingface.co/docs/hub/security-tokens' },
  { id: 'groq-api-key', type: 'GROQ_API_KEY', provider: 'Groq', description: 'API key', prefixes: ['gsk_'], body: [run(alnum, 52)], docs: 'https://console.groq.com/docs/quickstart' },
  { id: 'xai-api-key', type: 'XAI_API_KEY', provider: 'xAI', description: 'API key', prefixes: ['xai-'], body: [run(alnum, 80)], docs: 'https://docs.x.ai/docs/overview' },
  { id: 'perplexity-api-key', type: 'PERPLEXITY_API_KEY', provider: 'Perplexity', description: 'API key', prefixes: ['pplx-'], body: [run(alnum, 48)], docs: 'https://docs.perplexity.ai/guides/getting-started' },
  { id: 'replicate-api-token', type: 'REPLICATE_API_TOKEN', provider: 'Replicate', description: 'API token', prefixes: ['r8_'], body: [run(alnum, 37)], docs: 'https://replicate.com/docs/topics/security/api-tokens' },
  { id: 'langsmith-api-key', type: 'LANGSMITH_API_KEY', provider: 'LangSmith', description: 'personal and service keys', prefixes: ['lsv2_pt_', 'lsv2_sk_'], body: [run(hex, 32), { literal: '_' }, run(hex, 10)], docs: 'https://docs.smith.langchain.com/administration/how_to_guides/organization_management/create_account_api_key' },
  { id: 'pinecone-api-key', type: 'PINECONE_API_KEY', provider: 'Pinecone', description: 'API key', prefixes: ['pcsk_'], body: [run(base64Url, 60, 100)], docs: 'https://docs.pinecone.io/guides/projects/manage-api-keys' },
  // Payments and commerce
  { id: 'stripe-secret-key', type: 'STRIPE_SECRET_KEY', provider: 'Stripe', description: 'secret and restricted keys', prefixes: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'], body: [run(alnum, 16, 247)], docs: 'https://docs.stripe.com/keys' },
  { id: 'stripe-webhook-secret', type: 'STRIPE_WEBHOOK_SECRET', provider: 'Stripe', description: 'webhook signing secret', prefixes: ['whsec_'], body: [run('A-Za-z0-9+/=', 32, 64)], docs: 'https://docs.stripe.com/webhooks#verify-events' },
  { id: 'shopify-token', type: 'SHOPIFY_TOKEN', provider: 'Shopify', description: 'admin API, custom app, private app and shared secret tokens', prefixes: ['shpat_', 'shpca_', 'shppa_', 'shpss_'], body: [run('a-fA-F0-9', 32)], docs: 'https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens' },
  { id: 'square-token', type: 'SQUARE_TOKEN', provider: 'Square', description: 'OAuth access and application secret', prefixes: ['sq0atp-', 'sq0csp-'], body: [run(base64Url, 22, 43)], docs: 'https://developer.squareup.com/docs/build-basics/access-tokens' },
  { id: 'shippo-api-token', type: 'SHIPPO_API_TOKEN', provider: 'Shippo', description: 'live and test API tokens', prefixes: ['shippo_live_', 'shippo_test_'], body: [run(hex, 40)], docs: 'https://docs.goshippo.com/docs/guides_general/authentication/' },
  { id: 'flutterwave-secret-key', type: 'FLUTTERWAVE_SECRET_KEY', provider: 'Flutterwave', description: 'secret key', prefixes: ['FLWSECK-', 'FLWSECK_TEST-'], body: [run(hex, 32)], docs: 'https://developer.flutterwave.com/docs/authentication' },
  { id: 'duffel-token', type: 'DUFFEL_TOKEN', provider: 'Duffel', description: 'live and test access tokens', prefixes: ['duffel_live_', 'duffel_test_'], body: [run(base64Url, 43)], docs: 'https://duffel.com/docs/api/overview/making-requests/authentication' },
  { id: 'easypost-api-key', type: 'EASYPOST_API_KEY', provider: 'EasyPost', description: 'production and test keys', prefixes: ['EZAK', 'EZTK'], body: [run(alnum, 54)], docs: 'https://docs.easypost.com/docs/authentication' },
  // Source control and CI
  { id: 'github-classic-token', type: 'GITHUB_TOKEN', provider: 'GitHub', description: 'personal, OAuth, user-to-server, server-to-server and refresh tokens', prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], body: [run(alnum, 36, 251)], checksum: 'CRC32 of the first 30 body characters in the last 6, base62', checksumAlgorithm: 'crc32-base62', docs: 'https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/' },
  { id: 'github-fine-grained-token', type: 'GITHUB_TOKEN', provider: 'GitHub', description: 'fine-grained personal access token', prefixes: ['github_pat_'], body: [run('A-Za-z0-9_', 22, 251)], docs: 'https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens' },
  { id: 'gitlab-token', type: 'GITLAB_TOKEN', provider: 'GitLab', description: 'personal, deploy, runner, trigger, feed and other gl- tokens, routable ones with their dotted tail', prefixes: ['glpat-', 'gldt-', 'glrt-', 'glrtr-', 'glptt-', 'glft-', 'glsoat-', 'glcbt-', 'gloas-', 'glimt-', 'glagent-', 'glffct-', 'glwt-', 'GR1348941'], body: [run('A-Za-z0-9_.-', 20, 320)], checksum: 'routable tokens carry a CRC32 in their tail', docs: 'https://docs.gitlab.com/security/tokens/#token-prefixes' },
  { id: 'atlassian-api-token', type: 'ATLASSIAN_API_TOKEN', provider: 'Atlassian', description: 'API tokens (Jira, Confluence) with their CRC tail', prefixes: ['ATATT3', 'ATCTT3', 'ATSTT3'], body: [run('A-Za-z0-9_=-', 150, 300)], checksum: 'a hex CRC32 after the final =', docs: 'https://support.atlassian.com/atlassian-account/docs/manage-api-tokens-for-your-atlassian-account/' },
  { id: 'bitbucket-app-password', type: 'ATLASSIAN_API_TOKEN', provider: 'Atlassian', description: 'Bitbucket app password', prefixes: ['ATBB'], body: [run(alnum, 32)], docs: 'https://support.atlassian.com/bitbucket-cloud/docs/app-passwords/' },
  { id: 'buildkite-token', type: 'BUILDKITE_TOKEN', provider: 'Buildkite', description: 'user API access token', prefixes: ['bkua_'], body: [run(hex, 40)], docs: 'https://buildkite.com/docs/apis/managing-api-tokens' },
  { id: 'circleci-token', type: 'CIRCLECI_TOKEN', provider: 'CircleCI', description: 'personal and project API tokens', prefixes: ['CCIPAT_', 'CCIPRJ_'], body: [run(base64Url, 40, 80)], docs: 'https://circleci.com/docs/managing-api-tokens/' },
  { id: 'docker-hub-token', type: 'DOCKER_HUB_TOKEN', provider: 'Docker', description: 'personal and organization access tokens', prefixes: ['dckr_pat_', 'dckr_oat_'], body: [run(base64Url, 27, 40)], docs: 'https://docs.docker.com/security/for-developers/access-tokens/' },
  { id: 'artifactory-api-key', type: 'ARTIFACTORY_TOKEN', provider: 'JFrog', description: 'Artifactory API key', prefixes: ['AKCp'], body: [run(alnum, 69)], docs: 'https://jfrog.com/help/r/jfrog-platform-administration-documentation/api-key' },
  { id: 'artifactory-reference-token', type: 'ARTIFACTORY_TOKEN', provider: 'JFrog', description: 'Artifactory reference token', prefixes: ['cmVmdGtu'], body: [run(alnum, 56, 64)], docs: 'https://jfrog.com/help/r/jfrog-platform-administration-documentation/access-tokens' },
  { id: 'octopus-deploy-api-key', type: 'OCTOPUS_DEPLOY_API_KEY', provider: 'Octopus Deploy', description: 'API key', prefixes: ['API-'], body: [run('A-Z0-9', 26)], docs: 'https://octopus.com/docs/octopus-rest-api/how-to-create-an-api-key' },
  { id: 'prefect-api-key', type: 'PREFECT_API_KEY', provider: 'Prefect', description: 'user API key', prefixes: ['pnu_'], body: [run(alnum, 36)], docs: 'https://docs.prefect.io/v3/manage/cloud/manage-users/api-keys' },
  // Package registries
  { id: 'npm-token', type: 'NPM_TOKEN', provider: 'npm', description: 'access token', prefixes: ['npm_'], body: [run(alnum, 36)], checksum: 'CRC32 of the first 30 body characters in the last 6, base62', checksumAlgorithm: 'crc32-base62', docs: 'https://docs.npmjs.com/about-access-tokens' },
  { id: 'pypi-token', type: 'PYPI_TOKEN', provider: 'PyPI', description: 'API token (a macaroon naming pypi.org or test.pypi.org)', prefixes: ['pypi-AgEIcHlwaS5vcmc', 'pypi-AgENdGVzdC5weXBpLm9yZw'], body: [run(base64Url, 50, 300)], docs: 'https://pypi.org/help/#apitoken', encoded: true },
  { id: 'rubygems-api-key', type: 'RUBYGEMS_API_KEY', provider: 'RubyGems', description: 'API key', prefixes: ['rubygems_'], body: [run(hex, 48)], docs: 'https://guides.rubygems.org/api-key-scopes/' },
  { id: 'clojars-token', type: 'CLOJARS_TOKEN', provider: 'Clojars', description: 'deploy token', prefixes: ['CLOJARS_'], body: [run('a-z0-9', 60)], docs: 'https://github.com/clojars/clojars-web/wiki/Deploy-Tokens' },
  // Developer tools and SaaS
  { id: 'figma-token', type: 'FIGMA_TOKEN', provider: 'Figma', description: 'personal and user tokens', prefixes: ['figd_', 'figu_'], body: [run(base64Url, 40, 128)], docs: 'https://www.figma.com/developers/api#access-tokens' },
  { id: 'linear-api-key', type: 'LINEAR_API_KEY', provider: 'Linear', description: 'personal API key', prefixes: ['lin_api_'], body: [run(alnum, 40)], docs: 'https://linear.app/developers/graphql#personal-api-keys' },
  { id: 'linear-oauth-token', type: 'LINEAR_API_KEY', provider: 'Linear', description: 'OAuth access token', prefixes: ['lin_oauth_'], body: [run(hex, 64)], docs: 'https://linear.app/developers/oauth-2-0-authentication' },
  { id: 'notion-token', type: 'NOTION_TOKEN', provider: 'Notion', description: 'integration token', prefixes: ['ntn_'], body: [run(alnum, 46)], docs: 'https://developers.notion.com/docs/authorization' },
  { id: 'postman-api-key', type: 'POSTMAN_API_KEY', provider: 'Postman', description: 'API key', prefixes: ['PMAK-'], body: [run(hex, 24), { literal: '-' }, run(hex, 34)], docs: 'https://learning.postman.com/docs/developer/postman-api/authentication/' },
  { id: 'doppler-token', type: 'DOPPLER_TOKEN', provider: 'Doppler', description: 'personal, service, CLI, service account, SCIM and audit tokens', prefixes: ['dp.pt.', 'dp.st.', 'dp.ct.', 'dp.sa.', 'dp.scim.', 'dp.audit.'], body: [run(alnum, 40, 44)], docs: 'https://docs.doppler.com/reference/auth-token-formats' },
  { id: 'databricks-token', type: 'DATABRICKS_TOKEN', provider: 'Databricks', description: 'personal access token', prefixes: ['dapi'], body: [run(hex, 32)], docs: 'https://docs.databricks.com/en/dev-tools/auth/pat.html' },
  { id: 'planetscale-token', type: 'PLANETSCALE_TOKEN', provider: 'PlanetScale', description: 'service token, password and OAuth token', prefixes: ['pscale_tkn_', 'pscale_pw_', 'pscale_oauth_'], body: [run(base64Url, 32, 64)], docs: 'https://planetscale.com/docs/concepts/service-tokens' },
  { id: 'pulumi-token', type: 'PULUMI_TOKEN', provider: 'Pulumi', description: 'access token', prefixes: ['pul-'], body: [run(hex, 40)], docs: 'https://www.pulumi.com/docs/pulumi-cloud/access-management/access-tokens/' },
  { id: 'hashicorp-vault-token', type: 'VAULT_TOKEN', provider: 'HashiCorp', description: 'Vault service, batch and recovery tokens', prefixes: ['hvs.', 'hvb.', 'hvr.'], body: [run(base64Url, 24, 512)], docs: 'https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes', encoded: true },
  { id: 'tailscale-key', type: 'TAILSCALE_KEY', provider: 'Tailscale', description: 'auth keys, API access tokens, OAuth client secrets, SCIM and webhook secrets', prefixes: ['tskey-auth-', 'tskey-api-', 'tskey-client-', 'tskey-scim-', 'tskey-webhook-'], body: [run('A-Za-z0-9-', 30, 120)], docs: 'https://tailscale.com/kb/1085/auth-keys' },
  { id: 'supabase-token', type: 'SUPABASE_TOKEN', provider: 'Supabase', description: 'personal access token and secret API key', prefixes: ['sbp_', 'sb_secret_'], body: [run(base64Url, 31, 64)], docs: 'https://supabase.com/docs/guides/api/api-keys' },
  { id: 'neon-api-key', type: 'NEON_API_KEY', provider: 'Neon', description: 'API key', prefixes: ['napi_'], body: [run(alnum, 64)], docs: 'https://neon.tech/docs/manage/api-keys' },
  { id: 'readme-api-key', type: 'README_API_KEY', provider: 'ReadMe', description: 'API key', prefixes: ['rdme_'], body: [run(alnum, 70)], docs: 'https://docs.readme.com/main/reference/intro-authentication' },
  { id: 'contentful-token', type: 'CONTENTFUL_TOKEN', provider: 'Contentful', description: 'personal access token', prefixes: ['CFPAT-'], body: [run(base64Url, 43)], docs: 'https://www.contentful.com/developers/docs/references/authentication/' },
  { id: 'adafruit-io-key', type: 'ADAFRUIT_IO_KEY', provider: 'Adafruit', description: 'Adafruit IO key', prefixes: ['aio_'], body: [run(alnum, 28)], docs: 'https://io.adafruit.com/api/docs/#authentication' },
  { id: 'infracost-api-key', type: 'INFRACOST_API_KEY', provider: 'Infracost', description: 'API key', prefixes: ['ico-'], body: [run(alnum, 32)], docs: 'https://www.infracost.io/docs/' },
  { id: 'mapbox-secret-token', type: 'MAPBOX_SECRET_TOKEN', provider: 'Mapbox', description: 'secret access token', prefixes: ['sk.eyJ'], body: [run(base64Url, 50, 300), { literal: '.' }, run(base64Url, 22)], docs: 'https://docs.mapbox.com/help/glossary/access-token/' },
  { id: 'facebook-access-token', type: 'FACEBOOK_ACCESS_TOKEN', provider: 'Facebook', description: 'Graph API access token', prefixes: ['EAAC', 'EAAG', 'EAAB', 'EAAI', 'EAAJ'], body: [run(alnum, 90, 512)], docs: 'https://developers.facebook.com/docs/facebook-login/guides/access-tokens' },
  { id: 'age-secret-key', type: 'AGE_SECRET_KEY', provider: 'age', description: 'X25519 identity (Bech32)', prefixes: ['AGE-SECRET-KEY-1'], body: [run('ACDEFGHJKLMNPQRSTUVWXYZ023456789', 58)], checksum: 'Bech32 checksum in the last 6 characters', checksumAlgorithm: 'bech32', docs: 'https://github.com/C2SP/C2SP/blob/main/age.md' },
  // Observability
  { id: 'new-relic-user-key', type: 'NEW_RELIC_KEY', provider: 'New Relic', description: 'user and admin API keys', prefixes: ['NRAK-', 'NRAA-'], body: [run('A-Z0-9', 27)], docs: 'https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/' },
  { id: 'new-relic-insights-key', type: 'NEW_RELIC_KEY', provider: 'New Relic', description: 'Insights insert and query keys', prefixes: ['NRII-', 'NRIQ-'], body: [run(base64Url, 32)], docs: 'https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/' },
  { id: 'new-relic-browser-key', type: 'NEW_RELIC_KEY', provider: 'New Relic', description: 'browser key', prefixes: ['NRJS-'], body: [run(hex, 19)], docs: 'https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/' },
  { id: 'sentry-org-token', type: 'SENTRY_TOKEN', provider: 'Sentry', description: 'organization auth token', prefixes: ['sntrys_'], body: [run('A-Za-z0-9+/=_', 80, 512)], docs: 'https://docs.sentry.io/account/auth-tokens/', encoded: true },
  { id: 'sentry-user-token', type: 'SENTRY_TOKEN', provider: 'Sentry', description: 'user auth token', prefixes: ['sntryu_'], body: [run(hex, 64)], docs: 'https://docs.sentry.io/account/auth-tokens/' },
  { id: 'grafana-cloud-token', type: 'GRAFANA_TOKEN', provider: 'Grafana', description: 'Grafana Cloud access policy token', prefixes: ['glc_'], body: [run('A-Za-z0-9+/=', 32, 400)], docs: 'https://grafana.com/docs/grafana-cloud/account-management/authentication-and-permissions/access-policies/', encoded: true },
  { id: 'grafana-service-account-token', type: 'GRAFANA_TOKEN', provider: 'Grafana', description: 'service account token with its CRC tail', prefixes: ['glsa_'], body: [run(alnum, 32), { literal: '_' }, run(hex, 8)], checksum: 'CRC32 in the last 8 hex digits', docs: 'https://grafana.com/docs/grafana/latest/administration/service-accounts/' },
  { id: 'dynatrace-token', type: 'DYNATRACE_TOKEN', provider: 'Dynatrace', description: 'API token', prefixes: ['dt0c01.'], body: [run('A-Z0-9', 24), { literal: '.' }, run('A-Z0-9', 64)], docs: 'https://docs.dynatrace.com/docs/manage/access-control/access-tokens' },
  // Cloud and infrastructure (issue 16, second pass)
  { id: 'azure-storage-account-key', type: 'AZURE_STORAGE_KEY', provider: 'Azure', description: 'storage account key in a connection string', prefixes: ['AccountKey='], labelled: true, body: [run('A-Za-z0-9+/=', 88)], docs: 'https://learn.microsoft.com/en-us/azure/storage/common/storage-configure-connection-string' },
  { id: 'google-oauth-refresh-token', type: 'GOOGLE_OAUTH_REFRESH_TOKEN', provider: 'Google Cloud', description: 'OAuth 2.0 refresh token', prefixes: ['1//0'], body: [run(base64Url, 60, 512)], docs: 'https://developers.google.com/identity/protocols/oauth2' },
  { id: 'firebase-cloud-messaging-key', type: 'FIREBASE_SERVER_KEY', provider: 'Firebase', description: 'legacy Cloud Messaging server key', prefixes: ['AAAA'], body: [run(base64Url, 7), { literal: ':APA91b' }, run(base64Url, 120, 160)], docs: 'https://firebase.google.com/docs/cloud-messaging/auth-server' },
  { id: 'scaleway-access-key', type: 'SCALEWAY_KEY', provider: 'Scaleway', description: 'API access key id', prefixes: ['SCW'], body: [run('A-Z0-9', 17)], docs: 'https://www.scaleway.com/en/docs/iam/concepts/#api-key' },
  { id: 'yandex-cloud-api-key', type: 'YANDEX_CLOUD_TOKEN', provider: 'Yandex Cloud', description: 'API key', prefixes: ['AQVN'], body: [run(base64Url, 35, 38)], docs: 'https://yandex.cloud/en/docs/iam/concepts/authorization/api-key' },
  { id: 'yandex-oauth-token', type: 'YANDEX_CLOUD_TOKEN', provider: 'Yandex Cloud', description: 'OAuth token', prefixes: ['y0_'], body: [run(base64Url, 50, 64)], docs: 'https://yandex.cloud/en/docs/iam/concepts/authorization/oauth-token' },
  { id: 'yandex-iam-token', type: 'YANDEX_CLOUD_TOKEN', provider: 'Yandex Cloud', description: 'IAM token', prefixes: ['t1.'], body: [run('A-Za-z0-9_.-', 100, 1024)], docs: 'https://yandex.cloud/en/docs/iam/concepts/authorization/iam-token' },
  { id: 'fly-io-macaroon', type: 'FLY_IO_TOKEN', provider: 'Fly.io', description: 'macaroon deploy, org and read-only tokens', prefixes: ['fm1r_', 'fm1a_', 'fm2_'], body: [run('A-Za-z0-9+/=', 100, 2048)], docs: 'https://fly.io/docs/security/tokens/', encoded: true },
  { id: 'vercel-token', type: 'VERCEL_TOKEN', provider: 'Vercel', description: 'personal, integration, app, refresh and API key tokens', prefixes: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'], body: [run(alnum, 24, 64)], docs: 'https://vercel.com/docs/rest-api#authentication' },
  { id: 'onepassword-service-account-token', type: 'ONEPASSWORD_TOKEN', provider: '1Password', description: 'service account token', prefixes: ['ops_eyJ'], body: [run(base64Url, 100, 4096)], docs: 'https://developer.1password.com/docs/service-accounts/', encoded: true },
  { id: 'planet-api-key', type: 'PLANET_API_KEY', provider: 'Planet', description: 'API key', prefixes: ['PLAK'], body: [run(hex, 32)], docs: 'https://docs.planet.com/develop/authentication/' },
  // Source control, CI and developer platforms (issue 16, second pass)
  { id: 'harness-token', type: 'HARNESS_TOKEN', provider: 'Harness', description: 'personal access and service account tokens', prefixes: ['pat.', 'sat.'], body: [run(base64Url, 22), { literal: '.' }, run(alnum, 24), { literal: '.' }, run(alnum, 20)], docs: 'https://developer.harness.io/docs/platform/automation/api/add-and-manage-api-keys/' },
  { id: 'sourcegraph-token', type: 'SOURCEGRAPH_TOKEN', provider: 'Sourcegraph', description: 'access tokens (local, legacy, and with an instance id before a `_`)', prefixes: ['sgp_local_', 'sgp_'], body: [run(hex, 40)], docs: 'https://sourcegraph.com/docs/cli/how-tos/creating_an_access_token' },
  { id: 'sonarqube-token', type: 'SONAR_TOKEN', provider: 'SonarSource', description: 'SonarQube user, project and global analysis tokens', prefixes: ['squ_', 'sqp_', 'sqa_'], body: [run(hex, 40)], docs: 'https://docs.sonarsource.com/sonarqube-server/latest/user-guide/managing-tokens/' },
  { id: 'dbt-cloud-token', type: 'DBT_CLOUD_TOKEN', provider: 'dbt Labs', description: 'dbt Cloud service and user tokens', prefixes: ['dbtc_', 'dbtu_'], body: [run(base64Url, 40, 80)], docs: 'https://docs.getdbt.com/docs/dbt-cloud-apis/service-tokens' },
  { id: 'deno-deploy-token', type: 'DENO_DEPLOY_TOKEN', provider: 'Deno', description: 'Deno Deploy personal and organization tokens', prefixes: ['ddp_', 'ddw_'], body: [run(alnum, 36)], docs: 'https://docs.deno.com/deploy/manual/api/' },
  { id: 'configcat-sdk-key', type: 'CONFIGCAT_SDK_KEY', provider: 'ConfigCat', description: 'SDK key', prefixes: ['configcat-sdk-1/'], body: [run(base64Url, 22), { literal: '/' }, run(base64Url, 22)], docs: 'https://configcat.com/docs/sdk-reference/overview/' },
  { id: 'launchdarkly-sdk-key', type: 'LAUNCHDARKLY_KEY', provider: 'LaunchDarkly', description: 'server-side SDK key', prefixes: ['sdk-'], body: uuid, docs: 'https://docs.launchdarkly.com/home/account/environment/keys' },
  { id: 'launchdarkly-mobile-key', type: 'LAUNCHDARKLY_KEY', provider: 'LaunchDarkly', description: 'mobile key', prefixes: ['mob-'], body: uuid, docs: 'https://docs.launchdarkly.com/home/account/environment/keys' },
  { id: 'launchdarkly-api-token', type: 'LAUNCHDARKLY_KEY', provider: 'LaunchDarkly', description: 'API access token', prefixes: ['api-'], body: uuid, docs: 'https://docs.launchdarkly.com/home/account/api' },
  { id: 'statsig-server-secret', type: 'STATSIG_SECRET', provider: 'Statsig', description: 'server secret key', prefixes: ['secret-'], body: [run(alnum, 43)], docs: 'https://docs.statsig.com/sdk-keys/api-keys' },
  { id: 'posthog-personal-api-key', type: 'POSTHOG_API_KEY', provider: 'PostHog', description: 'personal API key', prefixes: ['phx_'], body: [run(alnum, 43, 47)], docs: 'https://posthog.com/docs/api#private-endpoint-authentication' },
  { id: 'stytch-secret', type: 'STYTCH_SECRET', provider: 'Stytch', description: 'project secret', prefixes: ['secret-live-', 'secret-test-'], body: [run(base64Url, 36)], docs: 'https://stytch.com/docs/api' },
  { id: 'apify-token', type: 'APIFY_TOKEN', provider: 'Apify', description: 'API token', prefixes: ['apify_api_'], body: [run(alnum, 36)], docs: 'https://docs.apify.com/platform/integrations/api' },
  { id: 'xata-api-key', type: 'XATA_API_KEY', provider: 'Xata', description: 'API key', prefixes: ['xau_'], body: [run(alnum, 32, 40)], docs: 'https://xata.io/docs/concepts/api-keys' },
  // Package registries (issue 16, second pass)
  { id: 'nuget-api-key', type: 'NUGET_API_KEY', provider: 'NuGet', description: 'nuget.org API key', prefixes: ['oy2'], body: [run('a-z0-9', 43)], docs: 'https://learn.microsoft.com/en-us/nuget/nuget-org/scoped-api-keys' },
  { id: 'crates-io-token', type: 'CRATES_IO_TOKEN', provider: 'crates.io', description: 'API token', prefixes: ['cio'], body: [run(alnum, 32)], docs: 'https://doc.rust-lang.org/cargo/reference/registry-authentication.html' },
  // AI providers (issue 16, second pass)
  { id: 'openrouter-api-key', type: 'OPENROUTER_API_KEY', provider: 'OpenRouter', description: 'API key', prefixes: ['sk-or-v1-'], body: [run(hex, 64)], docs: 'https://openrouter.ai/docs/api-reference/authentication' },
  { id: 'langfuse-secret-key', type: 'LANGFUSE_SECRET_KEY', provider: 'Langfuse', description: 'project secret key', prefixes: ['sk-lf-'], body: uuid, docs: 'https://langfuse.com/docs/api' },
  { id: 'helicone-api-key', type: 'HELICONE_API_KEY', provider: 'Helicone', description: 'API key', prefixes: ['sk-helicone-'], body: [run('a-z0-9-', 28, 64)], docs: 'https://docs.helicone.ai/getting-started/quick-start' },
  { id: 'elevenlabs-api-key', type: 'ELEVENLABS_API_KEY', provider: 'ElevenLabs', description: 'API key', prefixes: ['sk_'], body: [run(hex, 48)], docs: 'https://elevenlabs.io/docs/api-reference/authentication' },
  { id: 'cerebras-api-key', type: 'CEREBRAS_API_KEY', provider: 'Cerebras', description: 'API key', prefixes: ['csk-'], body: [run('a-z0-9', 48)], docs: 'https://inference-docs.cerebras.ai/quickstart' },
  { id: 'nvidia-api-key', type: 'NVIDIA_API_KEY', provider: 'NVIDIA', description: 'API catalog (NIM) key', prefixes: ['nvapi-'], body: [run(base64Url, 64)], docs: 'https://docs.api.nvidia.com/nim/docs/api-quickstart' },
  { id: 'tavily-api-key', type: 'TAVILY_API_KEY', provider: 'Tavily', description: 'API key', prefixes: ['tvly-dev-', 'tvly-prod-', 'tvly-'], body: [run(alnum, 32)], docs: 'https://docs.tavily.com/documentation/api-reference/introduction' },
  { id: 'fireworks-api-key', type: 'FIREWORKS_API_KEY', provider: 'Fireworks AI', description: 'API key', prefixes: ['fw_'], body: [run(alnum, 24)], docs: 'https://docs.fireworks.ai/api-reference/introduction' },
  { id: 'runpod-api-key', type: 'RUNPOD_API_KEY', provider: 'RunPod', description: 'API key', prefixes: ['rpa_'], body: [run('A-Z0-9', 40, 48)], docs: 'https://docs.runpod.io/get-started/api-keys' },
  { id: 'e2b-api-key', type: 'E2B_API_KEY', provider: 'E2B', description: 'API key', prefixes: ['e2b_'], body: [run(hex, 40)], docs: 'https://e2b.dev/docs/api-key' },
  { id: 'firecrawl-api-key', type: 'FIRECRAWL_API_KEY', provider: 'Firecrawl', description: 'API key', prefixes: ['fc-'], body: [run(hex, 32)], docs: 'https://docs.firecrawl.dev/api-reference/introduction' },
  { id: 'jina-api-key', type: 'JINA_API_KEY', provider: 'Jina AI', description: 'API key', prefixes: ['jina_'], body: [run(alnum, 60)], docs: 'https://jina.ai/embeddings/' },
  { id: 'browserbase-api-key', type: 'BROWSERBASE_API_KEY', provider: 'Browserbase', description: 'live and test API keys', prefixes: ['bb_live_', 'bb_test_'], body: [run(base64Url, 24, 40)], docs: 'https://docs.browserbase.com/introduction/getting-started' },
  { id: 'anyscale-api-key', type: 'ANYSCALE_API_KEY', provider: 'Anyscale', description: 'API key', prefixes: ['esecret_'], body: [run(alnum, 26, 40)], docs: 'https://docs.anyscale.com/reference/authentication' },
  { id: 'neptune-api-token', type: 'NEPTUNE_API_TOKEN', provider: 'neptune.ai', description: 'API token (base64 JSON naming its API address)', prefixes: ['eyJhcGlfYWRkcmVzcyI6'], body: [run('A-Za-z0-9+/=', 80, 400)], docs: 'https://docs.neptune.ai/setup/setting_api_token/', encoded: true },
  // Payments and commerce (issue 16, second pass)
  { id: 'braintree-access-token', type: 'BRAINTREE_ACCESS_TOKEN', provider: 'PayPal Braintree', description: 'production and sandbox access tokens', prefixes: ['access_token$production$', 'access_token$sandbox$'], body: [run('a-z0-9', 16), { literal: '$' }, run(hex, 32)], docs: 'https://developer.paypal.com/braintree/docs/guides/authentication/overview' },
  { id: 'square-access-token', type: 'SQUARE_TOKEN', provider: 'Square', description: 'production and sandbox access tokens', prefixes: ['EAAA'], body: [run(base64Url, 60)], docs: 'https://developer.squareup.com/docs/build-basics/access-tokens' },
  { id: 'razorpay-key', type: 'RAZORPAY_KEY', provider: 'Razorpay', description: 'live and test key ids', prefixes: ['rzp_live_', 'rzp_test_'], body: [run(alnum, 14)], docs: 'https://razorpay.com/docs/api/authentication/' },
  { id: 'plaid-access-token', type: 'PLAID_ACCESS_TOKEN', provider: 'Plaid', description: 'access token', prefixes: ['access-production-', 'access-sandbox-', 'access-development-'], body: uuid, docs: 'https://plaid.com/docs/api/tokens/' },
  { id: 'paddle-api-key', type: 'PADDLE_API_KEY', provider: 'Paddle', description: 'live, sandbox and test API keys', prefixes: ['pdl_live_apikey_', 'pdl_sdbx_apikey_', 'pdl_test_apikey_'], body: [run('A-Za-z0-9_', 40, 80)], docs: 'https://developer.paddle.com/api-reference/about/api-keys' },
  { id: 'woocommerce-consumer-key', type: 'WOOCOMMERCE_KEY', provider: 'WooCommerce', description: 'REST API consumer key', prefixes: ['ck_'], body: [run(hex, 40)], docs: 'https://woocommerce.github.io/woocommerce-rest-api-docs/#authentication' },
  { id: 'woocommerce-consumer-secret', type: 'WOOCOMMERCE_KEY', provider: 'WooCommerce', description: 'REST API consumer secret', prefixes: ['cs_'], body: [run(hex, 40)], docs: 'https://woocommerce.github.io/woocommerce-rest-api-docs/#authentication' },
  { id: 'amazon-mws-token', type: 'AMAZON_MWS_TOKEN', provider: 'Amazon', description: 'Marketplace Web Service auth token', prefixes: ['amzn.mws.'], body: uuid, docs: 'https://developer-docs.amazon.com/sp-api/docs/' },
  { id: 'amazon-lwa-client-secret', type: 'AMAZON_LWA_SECRET', provider: 'Amazon', description: 'Login with Amazon client secret', prefixes: ['amzn1.oa2-cs.v1.'], body: [run(hex, 64)], docs: 'https://developer.amazon.com/docs/login-with-amazon/security-profile.html' },
  // Messaging and productivity (issue 16, second pass)
  { id: 'discord-webhook-url', type: 'DISCORD_WEBHOOK_URL', provider: 'Discord', description: 'webhook URL with its token', prefixes: ['https://discord.com/api/webhooks/', 'https://discordapp.com/api/webhooks/', 'https://canary.discord.com/api/webhooks/', 'https://ptb.discord.com/api/webhooks/'], body: [run('0-9', 17, 20), { literal: '/' }, run(base64Url, 60, 72)], docs: 'https://discord.com/developers/docs/resources/webhook' },
  { id: 'brevo-api-key', type: 'BREVO_API_KEY', provider: 'Brevo', description: 'API key', prefixes: ['xkeysib-'], body: [run(hex, 64), { literal: '-' }, run(alnum, 16)], docs: 'https://developers.brevo.com/docs/getting-started' },
  { id: 'brevo-smtp-key', type: 'BREVO_API_KEY', provider: 'Brevo', description: 'SMTP key', prefixes: ['xsmtpsib-'], body: [run(hex, 64), { literal: '-' }, run(alnum, 16)], docs: 'https://developers.brevo.com/docs/getting-started' },
  { id: 'mailersend-api-token', type: 'MAILERSEND_TOKEN', provider: 'MailerSend', description: 'API token', prefixes: ['mlsn.'], body: [run(hex, 64)], docs: 'https://developers.mailersend.com/general.html#authentication' },
  { id: 'onesignal-api-key', type: 'ONESIGNAL_API_KEY', provider: 'OneSignal', description: 'app and organization API keys', prefixes: ['os_v2_app_', 'os_v2_org_'], body: [run('a-z2-7', 80, 200)], docs: 'https://documentation.onesignal.com/docs/keys-and-ids' },
  { id: 'instagram-access-token', type: 'INSTAGRAM_TOKEN', provider: 'Instagram', description: 'user access token', prefixes: ['IGQV', 'IGAA'], body: [run(base64Url, 140, 400)], docs: 'https://developers.facebook.com/docs/instagram-platform/overview' },
  { id: 'pinterest-access-token', type: 'PINTEREST_TOKEN', provider: 'Pinterest', description: 'API access token', prefixes: ['pina_'], body: [run(alnum, 80, 200)], docs: 'https://developers.pinterest.com/docs/getting-started/authentication/' },
  { id: 'airtable-pat', type: 'AIRTABLE_TOKEN', provider: 'Airtable', description: 'personal access token', prefixes: ['pat'], body: [run(alnum, 14), { literal: '.' }, run(hex, 64)], docs: 'https://airtable.com/developers/web/guides/personal-access-tokens' },
  { id: 'notion-legacy-token', type: 'NOTION_TOKEN', provider: 'Notion', description: 'legacy internal integration token', prefixes: ['secret_'], body: [run(alnum, 43)], docs: 'https://developers.notion.com/docs/authorization' },
  { id: 'typeform-token', type: 'TYPEFORM_TOKEN', provider: 'Typeform', description: 'personal access token', prefixes: ['tfp_'], body: [run(base64Url, 44, 64)], docs: 'https://www.typeform.com/developers/get-started/personal-access-token/' },
  { id: 'hubspot-private-app-token', type: 'HUBSPOT_TOKEN', provider: 'HubSpot', description: 'private app access token', prefixes: ['pat-na1-', 'pat-na2-', 'pat-eu1-'], body: uuid, docs: 'https://developers.hubspot.com/docs/api/private-apps' },
  { id: 'dropbox-short-lived-token', type: 'DROPBOX_TOKEN', provider: 'Dropbox', description: 'short-lived access token', prefixes: ['sl.u.', 'sl.'], body: [run(base64Url, 130, 1400)], docs: 'https://developers.dropbox.com/oauth-guide' },
  { id: 'frame-io-token', type: 'FRAMEIO_TOKEN', provider: 'Frame.io', description: 'developer token', prefixes: ['fio-u-'], body: [run(base64Url, 64)], docs: 'https://developer.frame.io/docs/getting-started/authentication' },
  { id: 'zoho-oauth-token', type: 'ZOHO_TOKEN', provider: 'Zoho', description: 'OAuth access and refresh tokens', prefixes: ['1000.'], body: [run(hex, 32), { literal: '.' }, run(hex, 32)], docs: 'https://www.zoho.com/crm/developer/docs/api/v6/access-refresh.html' },
  { id: 'adobe-client-secret', type: 'ADOBE_CLIENT_SECRET', provider: 'Adobe', description: 'Developer Console client secret', prefixes: ['p8e-'], body: [run(alnum, 32)], docs: 'https://developer.adobe.com/developer-console/docs/guides/authentication/' },
  // Observability (issue 16, second pass)
  { id: 'honeycomb-api-key', type: 'HONEYCOMB_API_KEY', provider: 'Honeycomb', description: 'ingest keys (key id and secret written together) and configuration keys', prefixes: honeycombPrefixes(['ik', 'lk']), body: [run('a-z0-9', 50, 70)], docs: 'https://docs.honeycomb.io/api/authentication' },
  { id: 'elastic-serverless-api-key', type: 'ELASTIC_API_KEY', provider: 'Elastic', description: 'Elastic Cloud Serverless API key', prefixes: ['essu_'], body: [run('A-Za-z0-9+/=', 40, 200)], docs: 'https://www.elastic.co/docs/deploy-manage/api-keys', encoded: true },
  { id: 'axiom-api-token', type: 'AXIOM_TOKEN', provider: 'Axiom', description: 'API token', prefixes: ['xaat-'], body: uuid, docs: 'https://axiom.co/docs/reference/tokens' },
  { id: 'axiom-personal-token', type: 'AXIOM_TOKEN', provider: 'Axiom', description: 'personal access token', prefixes: ['xapt-'], body: uuid, docs: 'https://axiom.co/docs/reference/tokens' },
  { id: 'coralogix-key', type: 'CORALOGIX_KEY', provider: 'Coralogix', description: 'send-your-data and API keys', prefixes: ['cxtp_'], body: [run(alnum, 30)], docs: 'https://coralogix.com/docs/user-guides/account-management/api-keys/send-your-data-api-key/' },
  { id: 'grafana-legacy-api-key', type: 'GRAFANA_TOKEN', provider: 'Grafana', description: 'legacy API key (base64 JSON)', prefixes: ['eyJrIjoi'], body: [run('A-Za-z0-9+/=', 60, 160)], docs: 'https://grafana.com/docs/grafana/latest/administration/api-keys/', encoded: true },
  // Keys with a Bech32 checksum
  { id: 'nostr-secret-key', type: 'NOSTR_SECRET_KEY', provider: 'Nostr', description: 'nsec private key (NIP-19, Bech32)', prefixes: ['nsec1'], body: [run(bech32, 58)], checksum: 'Bech32 checksum in the last 6 characters', checksumAlgorithm: 'bech32', docs: 'https://github.com/nostr-protocol/nips/blob/master/19.md' },
  // Web tokens
  { id: 'jwt', type: 'JWT', provider: 'JSON Web Token', description: 'signed token: header, payload and signature', prefixes: ['eyJ'], body: [run(base64Url, 8, 2048), { literal: '.eyJ' }, run(base64Url, 8, 4096), { literal: '.' }, run(base64Url, 0, 1024)], docs: 'https://www.rfc-editor.org/rfc/rfc7519' },
  // Added after the rows above so their seeded test examples stay the same (issue 16, coverage).
  { id: 'slack-workspace-token', type: 'SLACK_TOKEN', provider: 'Slack', description: 'legacy workspace app access and refresh tokens', prefixes: ['xoxa-', 'xoxr-'], body: [run('A-Za-z0-9-', 10, 256)], docs: 'https://api.slack.com/authentication/token-types' },
  { id: 'honeycomb-management-key', type: 'HONEYCOMB_API_KEY', provider: 'Honeycomb', description: 'management key: its 26-character key id, `:`, its 32-character secret (the ingest key writes the same two together)', prefixes: honeycombPrefixes(['mk']), body: [run('a-z0-9', 26), { literal: ':' }, run('a-z0-9', 32)], docs: 'https://docs.honeycomb.io/api/authentication' },
  { id: 'cloudflare-api-token', type: 'CLOUDFLARE_API_TOKEN', provider: 'Cloudflare', description: 'scannable global API keys, user and account API tokens (40 characters, then a checksum)', prefixes: ['cfk_', 'cfut_', 'cfat_'], body: [run(alnum, 40, 56)], checksum: 'a checksum after the 40 characters', docs: 'https://developers.cloudflare.com/fundamentals/api/get-started/token-formats/' },
];

/** The pattern of a catalogue rule: its prefixes, then its body parts. */
export function cataloguePattern(rule: CatalogueRule): SecretPattern {
  return [literal(rule.prefixes), ...rule.body.map((part) => ('literal' in part ? literal(part.literal) : characters(part.alphabet, { min: part.min, max: part.max })))];
}
