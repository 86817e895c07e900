import { z } from 'zod';

/** The JSON-RPC 2.0 envelope of `POST /mcp` (Model Context Protocol, streamable HTTP). */
export const JsonRpcRequestSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.int()]).optional().describe('Absent for notifications'),
    method: z.string().describe('initialize, tools/list, tools/call, resources/list, ...'),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'JsonRpcRequest' });

export const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.int(), z.null()]),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .meta({ id: 'JsonRpcResponse' });
