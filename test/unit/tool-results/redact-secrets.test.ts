import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../../src/tool-results/redact-secrets.ts";

const secretsOnly = { secrets: true, stackFrames: false };
const redact = (text: string) => redactSecrets(text, secretsOnly);

// Fake keys are assembled at run time: no key-shaped literal sits in the repository for scanners to flag.
const run = (seed: string, length: number) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
const fake = {
  openai: `sk-proj-${run("Ab3dE5fG7h", 48)}`,
  openaiLegacy: `sk-${run("Zy9Xw8Vu7T", 48)}`,
  anthropic: `sk-ant-api03-${run("Qr5St6Uv7W", 90)}AA`,
  github: `ghp_${run("a1B2c3D4e5", 36)}`,
  githubPat: `github_pat_${run("11ABCDEFG0", 22)}_${run("x9Y8z7W6v5", 59)}`,
  slack: `xoxb-${run("1234567890", 12)}-${run("abcDEF1234", 24)}`,
  google: `AIza${run("Sy0Ab1Cd2E", 35)}`,
  stripe: `sk_live_${run("51Hx2Ab3Cd", 24)}`,
  awsId: `AKIA${run("IOSFODNN7E", 16)}`,
  awsSecret: run("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 40),
  jwt: [{ alg: "HS256", typ: "JWT" }, { sub: "1234567890", name: "Ada", iat: 1516239022 }]
    .map((part) => Buffer.from(JSON.stringify(part)).toString("base64url"))
    .concat(run("SflKxwRJSMeKKF2QT4", 43))
    .join("."),
};

describe("redactSecrets: each kind, replaced by its marker, the text around kept", () => {
  it.each<[string, string, string, string]>([
    ["OpenAI project key", `key=${fake.openai} end`, "key=[redacted:api_key] end", "api_key"],
    ["OpenAI legacy key", `"${fake.openaiLegacy}"`, '"[redacted:api_key]"', "api_key"],
    ["Anthropic key", `ANTHROPIC_API_KEY=${fake.anthropic}`, "ANTHROPIC_API_KEY=[redacted:api_key]", "api_key"],
    ["GitHub token", `token ${fake.github}.`, "token [redacted:api_key].", "api_key"],
    ["GitHub fine-grained token", fake.githubPat, "[redacted:api_key]", "api_key"],
    ["Slack token", `SLACK=${fake.slack}`, "SLACK=[redacted:api_key]", "api_key"],
    ["Google API key", `?key=${fake.google}&q=1`, "?key=[redacted:api_key]&q=1", "api_key"],
    ["Stripe secret key", `stripe: ${fake.stripe}`, "stripe: [redacted:api_key]", "api_key"],
    ["AWS access key id", `aws_access_key_id = ${fake.awsId}`, "aws_access_key_id = [redacted:api_key]", "api_key"],
    ["AWS secret access key", `aws_secret_access_key = ${fake.awsSecret}`, "aws_secret_access_key = [redacted:secret_key]", "secret_key"],
    ["bearer token", `Authorization: Bearer ${run("tok3nValue9", 32)}`, "Authorization: Bearer [redacted:bearer_token]", "bearer_token"],
    ["JWT", `session ${fake.jwt} ok`, "session [redacted:jwt] ok", "jwt"],
    ["connection string", "postgres://app:s3cr3t-pw@db.internal:5432/main", "postgres://app:[redacted:password]@db.internal:5432/main", "password"],
    ["connection string in JSON", '{"url":"mongodb+srv://u:p4ss@cluster0.x.net/db"}', '{"url":"mongodb+srv://u:[redacted:password]@cluster0.x.net/db"}', "password"],
  ])("%s", (_name, text, expected, kind) => {
    const result = redact(text);
    expect(result.text).toBe(expected);
    expect(result.counts).toEqual({ [kind]: 1 });
  });

  it("removes a private key block whole, in plain text and inside a JSON string", () => {
    const body = `${run("MIIEowIBAAKCAQEA", 64)}\n${run("q8Zx/+Ab", 64)}`;
    const block = `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`;
    expect(redact(`key:\n${block}\ndone`)).toEqual({ text: "key:\n[redacted:private_key]\ndone", counts: { private_key: 1 } });
    const json = JSON.stringify({ key: block, ok: true });
    const redacted = redact(json);
    expect(JSON.parse(redacted.text)).toEqual({ key: "[redacted:private_key]", ok: true });
  });

  it("removes the body of a key cut off before its END line", () => {
    const text = `-----BEGIN OPENSSH PRIVATE KEY-----\n${run("b3BlbnNzaC1rZXk", 70)}\n${run("AAAAB3Nza", 40)}`;
    expect(redact(text).text).toBe("[redacted:private_key]");
  });

  it("counts several secrets of several kinds", () => {
    const result = redact(`${fake.github} ${fake.google} ${fake.github}`);
    expect(result.text).toBe("[redacted:api_key] [redacted:api_key] [redacted:api_key]");
    expect(result.counts).toEqual({ api_key: 3 });
  });

  it("leaves words that look like key prefixes", () => {
    for (const text of [
      "use sk-learn-compatible-estimators-and-transformers for this",
      "Bearer authentication-is-required-here",
      "the AKIA prefix marks AWS keys",
      "postgres://localhost:5432/db",
      "mail ada@example.com or see https://example.com/a:b@c",
      "ghp_ is a GitHub prefix",
      "-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----",
      "eyJ is how base64 JSON starts",
    ]) {
      expect(redact(text)).toEqual({ text, counts: {} });
    }
  });
});

describe("redactSecrets: stack frames (optional)", () => {
  const traceback =
    'Traceback (most recent call last):\n  File "/app/tools.py", line 12, in read_file\n    return open(path).read()\n  File "/usr/lib/python3.12/io.py", line 3, in open\n    raise err\nFileNotFoundError: a.txt';

  it("replaces each run of frames with one marker and keeps the exception line", () => {
    const result = redactSecrets(traceback, { secrets: false, stackFrames: true });
    expect(result.text).toBe("Traceback (most recent call last):\n  [redacted:stack_trace]\nFileNotFoundError: a.txt");
    expect(result.counts).toEqual({ stack_trace: 1 });
  });

  it("handles JavaScript frames and frames inside a JSON string", () => {
    const js = "TypeError: x is undefined\n    at readFile (/app/tools.js:3:9)\n    at async run (/app/index.js:10:1)";
    expect(redactSecrets(js, { secrets: false, stackFrames: true }).text).toBe("TypeError: x is undefined\n  [redacted:stack_trace]");
    const json = JSON.stringify({ error: js });
    expect(JSON.parse(redactSecrets(json, { secrets: false, stackFrames: true }).text)).toEqual({ error: "TypeError: x is undefined\n  [redacted:stack_trace]" });
  });

  it("keeps indented prose that only starts with at", () => {
    const prose = "Notes:\n  at the moment nothing is running\n  at least not here";
    expect(redactSecrets(prose, { secrets: false, stackFrames: true }).text).toBe(prose);
  });

  it("handles Java frames", () => {
    const java = "java.lang.IllegalStateException: closed\n\tat com.acme.Pool.get(Pool.java:42)\n\t... 12 more";
    expect(redactSecrets(java, { secrets: false, stackFrames: true }).text).toBe("java.lang.IllegalStateException: closed\n  [redacted:stack_trace]");
  });

  it("is off unless asked for", () => {
    expect(redact(traceback).text).toBe(traceback);
  });
});

describe("redactSecrets: properties", () => {
  const everything = { secrets: true, stackFrames: true };
  // Near misses: prefixes of every detector with tails too short, too plain or cut by a space. No "@": with the
  // ":" and "/" of plain words it makes URLs with a password (aa://b:c@d), which are secrets.
  const nearMiss = fc.constantFrom(
    "sk-", "sk-ant-", "ghp_", "github_pat_", "xoxb-", "AIza", "sk_live_", "AKIA", "Bearer ", "eyJ", ".eyJ", "postgres://localhost:5432/db",
    "-----BEGIN ", "PRIVATE KEY", "-----END ", "aws_secret_access_key=", " at ", "File \"", "line 3", "\n", "\\n", " ",
    "{", "}", "\"",
  );
  const plainWord = fc.string({ unit: fc.constantFrom(..."abcdefghij-_.:/ "), maxLength: 12 });
  const nearMissText = fc.array(fc.oneof(nearMiss, plainWord), { maxLength: 30 }).map((parts) => parts.join(""));

  it("never changes the near misses fast-check once found", () => {
    for (const text of ["github_pat_github_pat_sk_live_AIza", "AKIAAKIAAKIAAKIAAKIA", "eyJabcdefghij.eyJabcdefghij.abc", "sk-ant-aws_secret_access_key="]) {
      expect(redactSecrets(text, secretsOnly)).toEqual({ text, counts: {} });
    }
  });

  it("never changes a result that holds no secret", () => {
    fc.assert(
      fc.property(fc.oneof(nearMissText, fc.json(), fc.string()), (text) => {
        const result = redactSecrets(text, { secrets: true, stackFrames: false });
        expect(result.text).toBe(text);
        expect(result.counts).toEqual({});
      }),
      { numRuns: 2_000 },
    );
  });

  it("never leaves a planted key in the text", () => {
    fc.assert(
      fc.property(nearMissText, fc.constantFrom(...Object.values(fake)), nearMissText, (before, secret, after) => {
        // An AWS secret key has no shape of its own: it is known by the name before it.
        const planted = secret === fake.awsSecret ? `aws_secret_access_key=${secret}` : secret;
        const result = redactSecrets(`${before} ${planted} ${after}`, everything);
        expect(result.text).not.toContain(secret);
      }),
      { numRuns: 500 },
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(nearMissText, fc.constantFrom(...Object.values(fake)), (text, secret) => {
        const once = redactSecrets(`${text} ${secret}`, everything).text;
        expect(redactSecrets(once, everything).text).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});
