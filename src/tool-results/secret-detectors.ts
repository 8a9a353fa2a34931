/**
 * What counts as a secret in a tool result, as a table: each detector has a
 * kind (the marker `[redacted:<kind>]` and the metric label), an expression
 * and, for shapes that plain words can take, a check on what matched. Each
 * expression starts with a literal or a class boundary and has bounded or
 * possessive-like repeats (one class run, nothing after it), so the scan is
 * linear in the text.
 */

export type SecretKind = "api_key" | "secret_key" | "bearer_token" | "jwt" | "private_key" | "password";
export type RedactionKind = SecretKind | "stack_trace";

export interface SecretDetector {
  readonly name: string;
  readonly kind: SecretKind;
  readonly pattern: RegExp;
  /** Which capture group is the secret (0: the whole match); text around it is kept. */
  readonly group: number;
  /** A last check on the secret, for shapes English words can take too. */
  readonly accept?: (secret: string) => boolean;
}

/**
 * Generated keys mix digits and letters; words that share a key's prefix
 * (`sk-learn-compatible-estimators`, `github_pat_github_pat_…`) do not.
 * A real key of these shapes lacks a digit with odds below 1 in 300.
 */
const looksRandom = (secret: string) => /\d/.test(secret) && /[A-Za-z]/.test(secret);
/** AWS key ids are base32 and may lack a digit; they never repeat a handful of letters. */
const variedEnough = (secret: string) => /\d/.test(secret) || new Set(secret).size >= 8;
/** AWS secret keys are base64 of random bytes: both cases, always in practice. */
const mixedCase = (secret: string) => /[A-Z]/.test(secret) && /[a-z]/.test(secret);
/** A JWT's first part is base64url JSON: `{"alg":…}`. */
function headerIsJson(token: string): boolean {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, token.indexOf(".")), "base64url").toString("utf8"));
    return typeof header === "object" && header !== null;
  } catch {
    return false;
  }
}

export const secretDetectors: readonly SecretDetector[] = [
  // Private key blocks are handled first and apart (redact-secrets.ts): they span lines.
  { name: "anthropic", kind: "api_key", pattern: /\bsk-ant-[a-z]{2,10}\d{2}-[A-Za-z0-9_-]{20,400}/g, group: 0 },
  { name: "openai", kind: "api_key", pattern: /\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,400}/g, group: 0, accept: looksRandom },
  {
    name: "github",
    kind: "api_key",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59,255})/g,
    group: 0,
    accept: looksRandom,
  },
  { name: "slack", kind: "api_key", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,255}/g, group: 0, accept: looksRandom },
  { name: "google", kind: "api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}/g, group: 0, accept: looksRandom },
  { name: "stripe", kind: "api_key", pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,255}|\bwhsec_[0-9A-Za-z]{24,255}/g, group: 0, accept: looksRandom },
  { name: "aws-access-key-id", kind: "api_key", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g, group: 0, accept: variedEnough },
  // An AWS secret access key has no prefix of its own: only its name next to it tells it apart.
  {
    name: "aws-secret-access-key",
    kind: "secret_key",
    pattern: /(?:aws_secret_access_key|aws_secret_key|secretAccessKey|SecretAccessKey|AWS_SECRET_ACCESS_KEY)["']?\s{0,5}[:=]\s{0,5}["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/g,
    group: 1,
    accept: mixedCase,
  },
  // `Authorization: Bearer …`, `bearer …`: the scheme is kept, the token goes.
  { name: "bearer", kind: "bearer_token", pattern: /\b[Bb]earer\s{1,5}([A-Za-z0-9._~+/-]{16,4096}=*)/g, group: 1, accept: looksRandom },
  { name: "jwt", kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{0,4096}/g, group: 0, accept: headerIsJson },
  // postgres://user:password@host: the password goes, the rest (where it points) is kept.
  {
    name: "connection-string",
    kind: "password",
    pattern: /\b[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:/@"'\\]{1,256}:([^\s@/"'\\]{1,256})@/g,
    group: 1,
  },
];

/** `-----BEGIN RSA PRIVATE KEY-----`, `-----BEGIN OPENSSH PRIVATE KEY-----`, `-----BEGIN ENCRYPTED PRIVATE KEY-----`. */
export const privateKeyBegin = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
export const privateKeyEnd = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----/y;
