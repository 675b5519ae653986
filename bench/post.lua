-- wrk script: POST the file named by $BODY as application/json to the URL's path.
-- With $STOP_AFTER set, each thread stops after that many responses (the total is
-- that times wrk's thread count).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = file:read("*a")
file:close()

local limit = tonumber(os.getenv("STOP_AFTER") or "")
if limit then
    local count = 0
    function response()
        count = count + 1
        if count >= limit then wrk.thread:stop() end
    end
end
