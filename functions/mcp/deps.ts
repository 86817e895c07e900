import type { ArtifactsHolder } from '../artifacts.ts';
import type { PreserializedAnswers } from './preserialized.ts';

/** What the tools, resources and prompts read. The snapshot is read per call: a reload swaps it whole. */
export interface McpDeps {
  artifacts: ArtifactsHolder;
  /** Public base URL the build was made with (dataset resources are named by their public URLs). */
  site: string;
  /** Where tools leave the JSON text of an answer for the transport to send as is (absent: it is serialised as usual). */
  answers?: PreserializedAnswers | undefined;
}
