// PostgreSQL migration 62: tm_limit_take counts several calls at once (issue 25's throughput). A
// node sends the calls of one organization and window that arrive while its previous take is at
// the server as one take of `p_n` calls (src/store/postgres/limit-repo.ts), and the function
// admits them as n takes one after another would: the first k that fit the window and the day's
// cap. A call without `p_n` (a node not yet upgraded) is one take, as before. The window row is
// now locked with SELECT … FOR UPDATE instead of a no-op upsert, so a take writes the row once.
export const sql = `
DROP FUNCTION tm_limit_take(TEXT, TEXT, BIGINT, BIGINT, BIGINT, BOOLEAN, TEXT, TEXT, TEXT, BIGINT);

-- ok: at least one call admitted; over: why the rest (or all, when not ok) were refused, NULL when
-- none was; used, day_used: the counts after the admitted calls; admitted: how many (k).
CREATE FUNCTION tm_limit_take(p_key TEXT, p_tier TEXT, p_start BIGINT, p_end BIGINT, p_limit BIGINT,
  p_counted BOOLEAN, p_reservation TEXT, p_day TEXT, p_day_tier TEXT, p_cap BIGINT, p_n BIGINT DEFAULT 1)
RETURNS TABLE (ok BOOLEAN, over TEXT, used BIGINT, day_used BIGINT, admitted BIGINT) LANGUAGE plpgsql AS $fn$
DECLARE
  w_start BIGINT;
  w_count BIGINT := 0;
  w_pending BIGINT := 0;
  d_count BIGINT := 0;
  k BIGINT;
BEGIN
  IF NOT p_counted THEN
    SELECT w.count INTO w_count FROM limit_windows w WHERE w.key = p_key AND w.tier = p_tier AND w.start_ms >= p_start;
    IF p_day IS NOT NULL THEN
      SELECT d.count INTO d_count FROM limit_days d WHERE d.key = p_key AND d.tier = p_day_tier AND d.day = p_day;
      IF NOT FOUND THEN
        SELECT COALESCE(SUM(u.count), 0) INTO d_count FROM usage_daily u WHERE u.org_id = p_key AND u.day = p_day AND u.tier = p_day_tier;
      END IF;
    END IF;
    RETURN QUERY SELECT TRUE, NULL::TEXT, COALESCE(w_count, 0), COALESCE(d_count, 0), 0::BIGINT;
    RETURN;
  END IF;

  SELECT w.start_ms, w.count, w.pending INTO w_start, w_count, w_pending FROM limit_windows w WHERE w.key = p_key AND w.tier = p_tier FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO limit_windows (key, tier, start_ms, end_ms, count, pending) VALUES (p_key, p_tier, p_start, p_end, 0, 0) ON CONFLICT DO NOTHING;
    SELECT w.start_ms, w.count, w.pending INTO w_start, w_count, w_pending FROM limit_windows w WHERE w.key = p_key AND w.tier = p_tier FOR UPDATE;
  END IF;
  IF w_start < p_start THEN
    w_count := 0;
    w_pending := 0;
    w_start := p_start;
  END IF;

  IF p_reservation IN ('release', 'settle') THEN
    -- A reservation from a window that has ended changes nothing in the new one.
    IF w_start = p_start AND w_pending > 0 THEN
      UPDATE limit_windows SET pending = w_pending - 1, count = w_count - (CASE WHEN p_reservation = 'release' THEN 1 ELSE 0 END)
        WHERE key = p_key AND tier = p_tier;
      w_count := w_count - (CASE WHEN p_reservation = 'release' THEN 1 ELSE 0 END);
    END IF;
    RETURN QUERY SELECT TRUE, NULL::TEXT, w_count, 0::BIGINT, 0::BIGINT;
    RETURN;
  END IF;

  k := LEAST(p_n, GREATEST(p_limit - w_count, 0));
  IF k = 0 THEN
    RETURN QUERY SELECT FALSE, CASE WHEN p_reservation = 'reserve' AND w_pending > 0 THEN 'busy' ELSE 'window' END, 0::BIGINT, 0::BIGINT, 0::BIGINT;
    RETURN;
  END IF;

  IF p_day IS NOT NULL THEN
    SELECT d.count INTO d_count FROM limit_days d WHERE d.key = p_key AND d.tier = p_day_tier AND d.day = p_day FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO limit_days (key, tier, day, count)
        SELECT p_key, p_day_tier, p_day, COALESCE(SUM(u.count), 0) FROM usage_daily u WHERE u.org_id = p_key AND u.day = p_day AND u.tier = p_day_tier
        ON CONFLICT DO NOTHING;
      SELECT d.count INTO d_count FROM limit_days d WHERE d.key = p_key AND d.tier = p_day_tier AND d.day = p_day FOR UPDATE;
    END IF;
    k := LEAST(k, GREATEST(p_cap - d_count, 0));
    IF k = 0 THEN
      RETURN QUERY SELECT FALSE, 'day'::TEXT, 0::BIGINT, 0::BIGINT, 0::BIGINT;
      RETURN;
    END IF;
    UPDATE limit_days SET count = d_count + k WHERE key = p_key AND tier = p_day_tier AND day = p_day;
    d_count := d_count + k;
  END IF;

  UPDATE limit_windows SET start_ms = w_start, end_ms = GREATEST(end_ms, p_end), count = w_count + k,
    pending = w_pending + (CASE WHEN p_reservation = 'reserve' THEN k ELSE 0 END)
    WHERE key = p_key AND tier = p_tier;
  -- The calls past the k admitted meet a full window first, else the day's cap, as one by one.
  RETURN QUERY SELECT TRUE, CASE WHEN k = p_n THEN NULL WHEN w_count + k >= p_limit THEN 'window' ELSE 'day' END, w_count + k, d_count, k;
END
$fn$;
`;
