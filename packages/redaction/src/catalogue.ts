/**
 * The catalogue of provider credential formats, as data: one row per format with the facts a
 * provider documents (prefix, body alphabet and length, checksum, keywords) and a link to that
 * documentation. The pattern rules, the generated tests and the per-provider recall table are all
 * built from this one table.
 */
import type { ChecksumAlgorithm } from './checksum';
import { characters, literal, type SecretPattern } from './secret-pattern';

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
  /** A checksum the format carries, described. */
  readonly checksum?: string;
  /** How the checksum is verified, when the catalogue can (see `verifyChecksum`): a key whose checksum is right is always this row's. */
  readonly checksumAlgorithm?: ChecksumAlgorithm;
  /** Where the provider documents the format. */
  readonly docs: string;
}

const base64Url = 'A-Za-z0-9_-';
const alnum = 'A-Za-z0-9';
const hex = '0-9a-f';
const run = (alphabet: string, min: number, max: number = min): CataloguePart => ({ alphabet, min, max });

/**
 * Every provider format, in priority order: where two formats' prefixes overlap, the earlier wins at
 * equal prefix length (`sk-ant-` before `sk-proj-` before legacy `sk-`).
 */
export const catalogue: readonly CatalogueRule[] = [
  // Cloud providers
  { id: 'aws-access-key-id', type: 'AWS_ACCESS_KEY_ID', provider: 'AWS', description: 'IAM access key id', prefixes: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'AROA', 'AIDA'], body: [run('A-Z0-9', 16)], docs: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html' },
  { id: 'aws-bedrock-api-key', type: 'AWS_BEDROCK_API_KEY', provider: 'AWS', description: 'Amazon Bedrock long-term API key (base64 of the service credential)', prefixes: ['ABSK'], body: [run('A-Za-z0-9+/=', 60, 400)], docs: 'https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys.html' },
  { id: 'aws-bedrock-short-term-key', type: 'AWS_BEDROCK_API_KEY', provider: 'AWS', description: 'Amazon Bedrock short-term API key (a presigned URL, base64)', prefixes: ['bedrock-api-key-'], body: [run('A-Za-z0-9+/=', 60, 4096)], docs: 'https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys.html' },
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
  { id: 'slack-token', type: 'SLACK_TOKEN', provider: 'Slack', description: 'bot, user, app, refresh, legacy workspace and configuration tokens', prefixes: ['xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxs-', 'xoxo-', 'xoxe-', 'xoxe.xoxp-', 'xoxe.xoxb-', 'xapp-'], body: [run('A-Za-z0-9-', 10, 256)], docs: 'https://api.slack.com/authentication/token-types' },
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
  { id: 'pypi-token', type: 'PYPI_TOKEN', provider: 'PyPI', description: 'API token (a macaroon naming pypi.org or test.pypi.org)', prefixes: ['pypi-AgEIcHlwaS5vcmc', 'pypi-AgENdGVzdC5weXBpLm9yZw'], body: [run(base64Url, 50, 300)], docs: 'https://pypi.org/help/#apitoken' },
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
  { id: 'hashicorp-vault-token', type: 'VAULT_TOKEN', provider: 'HashiCorp', description: 'Vault service, batch and recovery tokens', prefixes: ['hvs.', 'hvb.', 'hvr.'], body: [run(base64Url, 24, 512)], docs: 'https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes' },
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
  { id: 'sentry-org-token', type: 'SENTRY_TOKEN', provider: 'Sentry', description: 'organization auth token', prefixes: ['sntrys_'], body: [run('A-Za-z0-9+/=_', 80, 512)], docs: 'https://docs.sentry.io/account/auth-tokens/' },
  { id: 'sentry-user-token', type: 'SENTRY_TOKEN', provider: 'Sentry', description: 'user auth token', prefixes: ['sntryu_'], body: [run(hex, 64)], docs: 'https://docs.sentry.io/account/auth-tokens/' },
  { id: 'grafana-cloud-token', type: 'GRAFANA_TOKEN', provider: 'Grafana', description: 'Grafana Cloud access policy token', prefixes: ['glc_'], body: [run('A-Za-z0-9+/=', 32, 400)], docs: 'https://grafana.com/docs/grafana-cloud/account-management/authentication-and-permissions/access-policies/' },
  { id: 'grafana-service-account-token', type: 'GRAFANA_TOKEN', provider: 'Grafana', description: 'service account token with its CRC tail', prefixes: ['glsa_'], body: [run(alnum, 32), { literal: '_' }, run(hex, 8)], checksum: 'CRC32 in the last 8 hex digits', docs: 'https://grafana.com/docs/grafana/latest/administration/service-accounts/' },
  { id: 'dynatrace-token', type: 'DYNATRACE_TOKEN', provider: 'Dynatrace', description: 'API token', prefixes: ['dt0c01.'], body: [run('A-Z0-9', 24), { literal: '.' }, run('A-Z0-9', 64)], docs: 'https://docs.dynatrace.com/docs/manage/access-control/access-tokens' },
  // Web tokens
  { id: 'jwt', type: 'JWT', provider: 'JSON Web Token', description: 'signed token: header, payload and signature', prefixes: ['eyJ'], body: [run(base64Url, 8, 2048), { literal: '.eyJ' }, run(base64Url, 8, 4096), { literal: '.' }, run(base64Url, 0, 1024)], docs: 'https://www.rfc-editor.org/rfc/rfc7519' },
];

/** The pattern of a catalogue rule: its prefixes, then its body parts. */
export function cataloguePattern(rule: CatalogueRule): SecretPattern {
  return [literal(rule.prefixes), ...rule.body.map((part) => ('literal' in part ? literal(part.literal) : characters(part.alphabet, { min: part.min, max: part.max })))];
}
