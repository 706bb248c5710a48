// PostgreSQL migration 92: tm_limit_take admits a take that fits without locking first (issue 25's
// throughput). Most takes find their window current and room in it and in the day's cap for all
// their calls; such a take is now two guarded UPDATEs (the row lock each takes is the lock the
// take needs; a concurrent take waits for it and re-checks the guard on the row it committed), not
// SELECT … FOR UPDATE of both rows and then their UPDATEs: the lock is the costly part (one at a
// time on this machine: 120 to 158 µs of server CPU per take instead of 172 to 175 µs). Any other
// take (a new window or day, a later window end, no room for all n, a reservation, an uncounted
// peek) undoes what the first UPDATE counted and runs migration 62's function, renamed tm_limit_take_locked, so every
// answer is the one that function gives.
export const sql = `
ALTER FUNCTION tm_limit_take(TEXT, TEXT, BIGINT, BIGINT, BIGINT, BOOLEAN, TEXT, TEXT, TEXT, BIGINT, BIGINT) RENAME TO tm_limit_take_locked;

CREATE FUNCTION tm_limit_take(p_key TEXT, p_tier TEXT, p_start BIGINT, p_end BIGINT, p_limit BIGINT,
  p_counted BOOLEAN, p_reservation TEXT, p_day TEXT, p_day_tier TEXT, p_cap BIGINT, p_n BIGINT DEFAULT 1)
RETURNS TABLE (ok BOOLEAN, over TEXT, used BIGINT, day_used BIGINT, admitted BIGINT) LANGUAGE plpgsql AS $fn$
DECLARE
  w_count BIGINT;
  d_count BIGINT;
BEGIN
  IF p_counted AND p_reservation IS NULL AND p_n > 0 THEN
    UPDATE limit_windows w SET count = w.count + p_n
      WHERE w.key = p_key AND w.tier = p_tier AND w.start_ms >= p_start AND w.end_ms >= p_end AND w.count + p_n <= p_limit
      RETURNING w.count INTO w_count;
    IF FOUND THEN
      IF p_day IS NULL THEN
        RETURN QUERY SELECT TRUE, NULL::TEXT, w_count, 0::BIGINT, p_n;
        RETURN;
      END IF;
      UPDATE limit_days d SET count = d.count + p_n
        WHERE d.key = p_key AND d.tier = p_day_tier AND d.day = p_day AND d.count + p_n <= p_cap
        RETURNING d.count INTO d_count;
      IF FOUND THEN
        RETURN QUERY SELECT TRUE, NULL::TEXT, w_count, d_count, p_n;
        RETURN;
      END IF;
      -- The day has no row yet or no room for all n: back to the window as it was, then the locked way.
      UPDATE limit_windows w SET count = w.count - p_n WHERE w.key = p_key AND w.tier = p_tier;
    END IF;
  END IF;
  RETURN QUERY SELECT * FROM tm_limit_take_locked(p_key, p_tier, p_start, p_end, p_limit, p_counted, p_reservation, p_day, p_day_tier, p_cap, p_n);
END
$fn$;
`;
