import type { FastifyInstance } from "fastify";

/** Prometheus text exposition of the app's registry, or of every worker's together (build-app.ts `exposition`). */
export async function metricsRoute(app: FastifyInstance): Promise<void> {
  const { metrics, exposition } = app.toolmend;
  app.get("/metrics", { config: { route: "admin" } }, async (_request, reply) => {
    reply.header("content-type", metrics.registry.contentType);
    return exposition();
  });
}
