-- wrk script for `npm run bench`: the connections take turns at the requests
-- listed in a file (one per line: a path, then tab-separated "name: value"
-- headers), in a rotation that starts at a random line; the run ends with one JSON line.
-- Requests are formatted once in init(): request() only hands out strings.
local requests = {}
local next_index = 0

function init(args)
  local file = assert(io.open(args[1], "r"))
  for line in file:lines() do
    local fields = {}
    for field in line:gmatch("[^\t]+") do fields[#fields + 1] = field end
    local headers = {}
    for i = 2, #fields do
      local name, value = fields[i]:match("^([^:]+):%s*(.*)$")
      headers[name] = value
    end
    requests[#requests + 1] = wrk.format("GET", fields[1], headers)
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
