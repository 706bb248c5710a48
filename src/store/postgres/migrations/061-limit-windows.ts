// PostgreSQL migration 61: rate-limit windows and daily totals shared by every `tm serve` node
// (issue 25), and the one function that checks and counts a call against them atomically.
// SQLite has no counterpart: one machine keeps them in memory (src/auth/limit-counters.ts).
export const sql = `
CREATE TABLE limit_windows (
  key TEXT COLLATE "C" NOT NULL,
  tier TEXT COLLATE "C" NOT NULL,
  start_ms BIGINT NOT NULL,
  end_ms BIGINT NOT NULL,
  count BIGINT NOT NULL,
  pending BIGINT NOT NULL,
  PRIMARY KEY (key, tier)
);
CREATE INDEX limit_windows_end ON limit_windows (end_ms);

CREATE TABLE limit_days (
  key TEXT COLLATE "C" NOT NULL,
  tier TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  count BIGINT NOT NULL,
  PRIMARY KEY (key, tier, day)
);

-- One call, as src/auth/limit-counters.ts counts it in memory: the window row (and the day row)
-- are locked first, so concurrent calls from any node are counted one after another. A window
-- row from an earlier window counts as empty. A day row is seeded from the stored usage counters
-- (calls counted before it existed) the first time the day is seen.
CREATE FUNCTION tm_limit_take(p_key TEXT, p_tier TEXT, p_start BIGINT, p_end BIGINT, p_limit BIGINT,
  p_counted BOOLEAN, p_reservation TEXT, p_day TEXT, p_day_tier TEXT, p_cap BIGINT)
RETURNS TABLE (ok BOOLEAN, over TEXT, used BIGINT, day_used BIGINT) LANGUAGE plpgsql AS $fn$
DECLARE
  w_start BIGINT;
  w_count BIGINT := 0;
  w_pending BIGINT := 0;
  d_count BIGINT := 0;
BEGIN
  IF NOT p_counted THEN
    SELECT w.count INTO w_count FROM limit_windows w WHERE w.key = p_key AND w.tier = p_tier AND w.start_ms >= p_start;
    IF p_day IS NOT NULL THEN
      SELECT d.count INTO d_count FROM limit_days d WHERE d.key = p_key AND d.tier = p_day_tier AND d.day = p_day;
      IF NOT FOUND THEN
        SELECT COALESCE(SUM(u.count), 0) INTO d_count FROM usage_daily u WHERE u.org_id = p_key AND u.day = p_day AND u.tier = p_day_tier;
      END IF;
    END IF;
    RETURN QUERY SELECT TRUE, NULL::TEXT, COALESCE(w_count, 0), COALESCE(d_count, 0);
    RETURN;
  END IF;

  INSERT INTO limit_windows AS w (key, tier, start_ms, end_ms, count, pending) VALUES (p_key, p_tier, p_start, p_end, 0, 0)
    ON CONFLICT (key, tier) DO UPDATE SET count = w.count
    RETURNING w.start_ms, w.count, w.pending INTO w_start, w_count, w_pending;
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
    RETURN QUERY SELECT TRUE, NULL::TEXT, w_count, 0::BIGINT;
    RETURN;
  END IF;

  IF w_count >= p_limit THEN
    RETURN QUERY SELECT FALSE, CASE WHEN p_reservation = 'reserve' AND w_pending > 0 THEN 'busy' ELSE 'window' END, 0::BIGINT, 0::BIGINT;
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
    IF d_count >= p_cap THEN
      RETURN QUERY SELECT FALSE, 'day'::TEXT, 0::BIGINT, 0::BIGINT;
      RETURN;
    END IF;
    UPDATE limit_days SET count = d_count + 1 WHERE key = p_key AND tier = p_day_tier AND day = p_day;
    d_count := d_count + 1;
  END IF;

  UPDATE limit_windows SET start_ms = w_start, end_ms = GREATEST(end_ms, p_end), count = w_count + 1,
    pending = w_pending + (CASE WHEN p_reservation = 'reserve' THEN 1 ELSE 0 END)
    WHERE key = p_key AND tier = p_tier;
  RETURN QUERY SELECT TRUE, NULL::TEXT, w_count + 1, d_count;
END
$fn$;
`;
