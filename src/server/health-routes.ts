import type { FastifyInstance } from "fastify";

/** Liveness and readiness, for Docker's HEALTHCHECK and an orchestrator's probes. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const config = { route: "admin" } as const;
  app.get("/healthz", { config }, async () => ({ status: "ok" }));
  app.get("/readyz", { config }, async (_request, reply) => {
    if (app.toolmend.state.draining) return reply.code(503).send({ status: "draining" });
    return { status: "ready" };
  });
}
