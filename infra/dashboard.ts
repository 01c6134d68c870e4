import { dashboardBody } from "./dashboard-body";

/**
 * A CloudWatch dashboard of the metrics the functions publish in the embedded metric format
 * (docs/observability.md). OTEL_SERVICE_NAME is not set by the infra, so the functions publish as "weft".
 */
export const dashboard = new aws.cloudwatch.Dashboard("Dashboard", {
  dashboardName: `${$app.name}-${$app.stage}`,
  dashboardBody: aws.getRegionOutput().region.apply((region) => dashboardBody({ region, service: "weft" })),
});
