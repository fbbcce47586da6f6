/**
 * Lua run on Redis by the Bull engine. They rely on Bull 4's key layout (`<prefix>:<queue>:<list>`,
 * job hash at `<prefix>:<queue>:<id>`, lock at `<job hash>:lock` holding the worker's token).
 */

/**
 * A job's state and attempts in one atomic read; Bull's own `job.getState()` takes several round
 * trips and reports `stuck` for a job moving between lists.
 * KEYS: job hash, completed, failed, delayed, active. ARGV: job id.
 */
export const READ_JOB_STATE = `
if redis.call("EXISTS", KEYS[1]) == 0 then return nil end
local info = redis.call("HMGET", KEYS[1], "attemptsMade", "failedReason")
local state = "waiting"
if redis.call("ZSCORE", KEYS[2], ARGV[1]) then state = "completed"
elseif redis.call("ZSCORE", KEYS[3], ARGV[1]) then state = "failed"
elseif not redis.call("ZSCORE", KEYS[4], ARGV[1]) then
  for _, id in ipairs(redis.call("LRANGE", KEYS[5], 0, -1)) do
    if id == ARGV[1] then state = "active" break end
  end
end
return { state, info[1] or "0", info[2] or "" }
`;

/**
 * Moves the active jobs this worker holds the lock of back to the head of the wait list, without
 * counting an attempt or a stall, so another worker runs them next.
 * KEYS: active, wait, paused, meta-paused, stalled. ARGV: worker token, job key prefix, ids to keep.
 */
export const GIVE_BACK_ACTIVE_JOBS = `
local keep = {}
for i = 3, #ARGV do keep[ARGV[i]] = true end
local target = KEYS[2]
if redis.call("EXISTS", KEYS[4]) == 1 then target = KEYS[3] end
local released = {}
for _, jobId in ipairs(redis.call("LRANGE", KEYS[1], 0, -1)) do
  local lockKey = ARGV[2] .. jobId .. ":lock"
  if not keep[jobId] and redis.call("GET", lockKey) == ARGV[1] then
    redis.call("DEL", lockKey)
    redis.call("LREM", KEYS[1], 1, jobId)
    redis.call("SREM", KEYS[5], jobId)
    redis.call("RPUSH", target, jobId)
    table.insert(released, jobId)
  end
end
return released
`;
