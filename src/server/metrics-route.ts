import type { FastifyInstance } from "fastify";

/** Prometheus text exposition of the app's own registry. */
export async function metricsRoute(app: FastifyInstance): Promise<void> {
  const { registry } = app.toolmend.metrics;
  app.get("/metrics", { config: { route: "admin" } }, async (_request, reply) => {
    reply.header("content-type", registry.contentType);
    return registry.metrics();
  });
}
