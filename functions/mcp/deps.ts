import type { ArtifactsHolder } from '../builds/artifacts.ts';

/** What the tools, resources and prompts read. The snapshot is read per call: a reload swaps it whole. */
export interface McpDeps {
  artifacts: ArtifactsHolder;
  /** Public base URL the build was made with (dataset resources are named by their public URLs). */
  site: string;
}
