-- wrk script: POST the file named by $BODY as application/json to the URL's path; with
-- $BODIES (a file naming one body file a line), each thread sends those bodies in turn
-- instead, so that no cache can make a repeated body cheap.
-- With $STOP_AFTER set, each thread stops after that many responses (the total is
-- that times wrk's thread count).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = file:read("*a")
file:close()

local list = os.getenv("BODIES")
if list and list ~= "" then
    local bodies = {}
    for path in io.lines(list) do
        local f = assert(io.open(path, "rb"))
        bodies[#bodies + 1] = f:read("*a")
        f:close()
    end
    local next = 0
    function request()
        next = next % #bodies + 1
        return wrk.format(nil, nil, nil, bodies[next])
    end
end

local limit = tonumber(os.getenv("STOP_AFTER") or "")
if limit then
    local count = 0
    function response()
        count = count + 1
        if count >= limit then wrk.thread:stop() end
    end
end
