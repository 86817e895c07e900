import type { McpServer } from '@modelcontextprotocol/server';
import type { McpDeps } from '../deps.ts';
import { registerGetAspectSentimentTool } from './get-aspect-sentiment.ts';
import { registerGetBusinessTool } from './get-business.ts';
import { registerGetFaqTool } from './get-faq.ts';
import { registerGetInsightsSummaryTool } from './get-insights-summary.ts';
import { registerGetReviewTool } from './get-review.ts';
import { registerGetReviewsSinceTool } from './get-reviews-since.ts';
import { registerGetServiceTool } from './get-service.ts';
import { registerGetTechnicianTool } from './get-technician.ts';
import { registerGetTrendTool } from './get-trend.ts';
import { registerSearchReviewsTool } from './search-reviews.ts';

/** The ten tools, in the order tools/list shows them: the business first, then reviews, then the analysis. */
export function registerTools(server: McpServer, deps: McpDeps): void {
  registerGetBusinessTool(server, deps);
  registerSearchReviewsTool(server, deps);
  registerGetReviewTool(server, deps);
  registerGetReviewsSinceTool(server, deps);
  registerGetAspectSentimentTool(server, deps);
  registerGetTechnicianTool(server, deps);
  registerGetServiceTool(server, deps);
  registerGetTrendTool(server, deps);
  registerGetFaqTool(server, deps);
  registerGetInsightsSummaryTool(server, deps);
}
