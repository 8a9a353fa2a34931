import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config/defaults.ts";
import { ToolmendError } from "../errors.ts";
import type { RouteLabel } from "../observability/metrics.ts";
import { type JsonObject } from "../json.ts";
import { createToolCallContext, type ToolCallContext } from "../turn/tool-call-context.ts";
import type { ToolDefinition } from "../repair/types.ts";
import { forwardRequest, relayResponse } from "../turn/forward-request.ts";
import { readJsonBody, type JsonBody } from "../turn/read-json-body.ts";
import { tagOutcome } from "../turn/turn-reporting.ts";

type Handler = (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: JsonBody,
  context: ToolCallContext,
) => Promise<FastifyReply>;

/** What differs between the two APIs whose answers carry tool calls. */
export interface WireFormat {
  readonly path: string;
  readonly route: RouteLabel;
  declaredTools(body: JsonObject): ToolDefinition[];
  /** The body with broken history arguments mended, or `undefined` when none needed it. */
  repairHistory(body: JsonObject, context: ToolCallContext): JsonObject | undefined;
  stream: Handler;
  complete: Handler;
}

/**
 * A route whose answers carry tool calls: a request that declares tools is
 * judged; any other is forwarded as bytes. The body must be a JSON object
 * (400 otherwise).
 */
export function interceptedRoute(format: WireFormat) {
  return async function intercepted(app: FastifyInstance): Promise<void> {
    const { engine, policyFor, config, metrics } = app.toolmend;
    app.post(format.path, { config: { route: format.route } }, async (request, reply) => {
      const body = readJsonBody(request, config.server.maxJsonDepth);
      request.telemetry.model = metrics.models.labelOf(body.value.model);
      const tools = format.declaredTools(body.value);
      checkToolBounds(tools, body.bytes.length, config.repair.limits);
      if (tools.length === 0) {
        tagOutcome(reply, "none");
        return relayResponse(reply, await forwardRequest(app, request, reply, { body: body.bytes }));
      }
      const context = createToolCallContext(engine, policyFor, tools, config.repair.streamHoldback);
      const mended = config.repair.repairHistory ? format.repairHistory(body.value, context) : undefined;
      // A mended history is a new request; otherwise the client's bytes go as they came.
      const outgoing = mended === undefined ? body : { value: mended, bytes: Buffer.from(JSON.stringify(mended)) };
      const handle = outgoing.value.stream === true ? format.stream : format.complete;
      return handle(app, request, reply, outgoing, context);
    });
  };
}

/**
 * Refuses a request declaring more tools, or more schema bytes, than the
 * limits allow (400): each distinct schema costs a compile. The schemas are
 * only measured when the body itself is over the byte bound.
 */
function checkToolBounds(tools: readonly ToolDefinition[], bodyBytes: number, limits: Config["repair"]["limits"]): void {
  if (tools.length > limits.maxTools) {
    throw new ToolmendError("too_many_tools", `The request declares ${tools.length} tools; toolmend accepts at most ${limits.maxTools}.`);
  }
  if (bodyBytes <= limits.maxToolSchemaBytes) return;
  let total = 0;
  for (const tool of tools) {
    total += tool.parameters === undefined ? 0 : (JSON.stringify(tool.parameters)?.length ?? 0);
    if (total > limits.maxToolSchemaBytes) {
      throw new ToolmendError("too_many_tools", `The request's tool schemas exceed ${limits.maxToolSchemaBytes} bytes together.`);
    }
  }
}
