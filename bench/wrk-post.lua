-- wrk script for bench/mcp.ts: POSTs JSON bodies listed in a file (one per line) to the URL's path,
-- in a rotation that starts at a random line, with the headers given as "name: value" arguments
-- after the file; the run ends with one JSON line (as wrk-mix.lua). Requests are formatted once in init().
local requests = {}
local next_index = 0

function init(args)
  local headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream" }
  for i = 2, #args do
    local name, value = args[i]:match("^([^:]+):%s*(.*)$")
    headers[name] = value
  end
  local file = assert(io.open(args[1], "r"))
  for line in file:lines() do
    requests[#requests + 1] = wrk.format("POST", wrk.path, headers, line)
  end
  file:close()
  next_index = math.random(#requests) - 1
end

function request()
  next_index = next_index % #requests + 1
  return requests[next_index]
end

function done(summary, latency, _)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"bad_status":%d,"socket_errors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors.status,
    errors.connect + errors.read + errors.write, errors.timeout))
end
