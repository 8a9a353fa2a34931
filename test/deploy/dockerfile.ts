/**
 * Just enough of a Dockerfile reader for the deploy tests: instructions
 * (continuation lines joined, comments and parser directives dropped),
 * grouped into stages. Not a general parser: heredocs are not supported.
 */

export interface Instruction {
  readonly keyword: string;
  /** Flags before the arguments (`--from=build`), by name. */
  readonly flags: Readonly<Record<string, string>>;
  /** The arguments after the flags, as written. */
  readonly rest: string;
  readonly line: number;
}

export interface Stage {
  readonly base: string;
  readonly name: string | null;
  readonly instructions: readonly Instruction[];
}

export function parseDockerfile(text: string): Stage[] {
  const instructions: Instruction[] = [];
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const startLine = index + 1;
    let logical = lines[index]!;
    if (/^\s*(#|$)/.test(logical)) continue;
    while (logical.trimEnd().endsWith("\\") && index + 1 < lines.length) {
      logical = logical.trimEnd().slice(0, -1) + " " + lines[++index]!.trim();
    }
    // Keyword, then `--flag=value` words, then the arguments kept as written (JSON strings may hold spaces).
    // eslint-disable-next-line regexp/no-super-linear-backtracking -- a Dockerfile line we wrote, not hostile input
    const [, keyword = "", flagWords = "", rest = ""] = /^\s*(\S+)((?:\s+--\S+)*)\s*(.*?)\s*$/s.exec(logical) ?? [];
    const flags: Record<string, string> = {};
    for (const word of flagWords.trim().split(/\s+/).filter(Boolean)) {
      const [name = "", value = ""] = word.slice(2).split(/=(.*)/s);
      flags[name] = value;
    }
    instructions.push({ keyword: keyword.toUpperCase(), flags, rest, line: startLine });
  }

  const stages: Array<{ base: string; name: string | null; instructions: Instruction[] }> = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const [base = "", as, name] = instruction.rest.split(/\s+/);
      stages.push({ base, name: as?.toUpperCase() === "AS" && name !== undefined ? name : null, instructions: [] });
    } else {
      const current = stages.at(-1);
      if (current === undefined) throw new Error(`line ${instruction.line}: ${instruction.keyword} before FROM`);
      current.instructions.push(instruction);
    }
  }
  return stages;
}

/** The JSON (exec) form of CMD, ENTRYPOINT or HEALTHCHECK … CMD; throws on the shell form. */
export function execForm(rest: string): string[] {
  const value: unknown = JSON.parse(rest);
  if (!Array.isArray(value) || !value.every((part) => typeof part === "string")) throw new Error(`not an exec form: ${rest}`);
  return value;
}

/** `ENV A=1 B=2` pairs of one stage, later ones winning. */
export function stageEnvironment(stage: Stage): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const instruction of stage.instructions.filter((candidate) => candidate.keyword === "ENV")) {
    for (const match of instruction.rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) {
      environment[match[1]!] = match[2]!.replace(/^"(.*)"$/, "$1");
    }
  }
  return environment;
}

/** COPY sources and destination: the last word is the destination. */
export function copyPaths(instruction: Instruction): { sources: string[]; destination: string } {
  const words = instruction.rest.split(/\s+/);
  return { sources: words.slice(0, -1), destination: words.at(-1)! };
}

/** Container paths a COPY creates: `COPY a b ./` creates ./a and ./b; `COPY src ./src` creates ./src. */
export function copiedPaths(instruction: Instruction, workdir: string): string[] {
  const { sources, destination } = copyPaths(instruction);
  if (sources.length === 1 && !destination.endsWith("/")) return [resolveIn(workdir, destination)];
  return sources.map((source) => resolveIn(resolveIn(workdir, destination), source.replace(/\/$/, "").split("/").at(-1)!));
}

/** Resolves a container path against WORKDIR the way Docker does. */
export function resolveIn(workdir: string, path: string): string {
  const joined = path.startsWith("/") ? path : `${workdir.replace(/\/$/, "")}/${path}`;
  const parts: string[] = [];
  for (const part of joined.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}

/** WORKDIR in force at the end of a stage (`/` when none is set). */
export function stageWorkdir(stage: Stage): string {
  return stage.instructions.filter((instruction) => instruction.keyword === "WORKDIR").reduce((dir, instruction) => resolveIn(dir, instruction.rest), "/");
}
