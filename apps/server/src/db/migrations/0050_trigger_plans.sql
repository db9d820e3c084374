-- Hand-written (issue 35, inbound): statement triggers whose plans stay linear in the statement's
-- rows whatever row count they were planned for.
--
-- PL/pgSQL plans a trigger's statement once per connection, on its first firing, and keeps the
-- plan until an ANALYZE of the table (or DDL) invalidates it. The transition tables' row count is
-- that of the firing that planned the statement, often a single message or chat. Planned for one
-- row, a join of a transition table with another relation became a nested loop that reads the
-- transition table again for every row of the other side: for a batch of 110 messages into 110
-- chats on PGlite, the chats' lock read 200 chats x 110 rows (14-22 ms, 31 ms with the plan shown
-- by auto_explain; the bench's plain batch of 500 rows into one chat 65-150 ms) and the view
-- counts' move joined 110 old rows with 110 new ones (4-5 ms), where both take well under a
-- millisecond once planned for their size. The forms below have no such join: the chats are
-- locked through an array of their ids, the fast path groups instead of two window passes, and
-- the comparisons of old and new rows add -1 for each old row and +1 for each new one, so an
-- unchanged row cancels out, instead of joining the two tables on the row's id.
--
-- Replaces stat_service_apply (0048) and conversation_view_counts_move (0042); what each
-- computes is unchanged. stat_service_changes, stat_flow_retime and every other trigger are as
-- they were.
CREATE OR REPLACE FUNCTION "stat_service_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cs uuid[]; ts bigint[]; ids bigint[]; sides smallint[]; us uuid[]; ns int[];
        fast uuid[]; chats uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Writers of one chat take turns: the statement's chats are locked in one order before the
    -- open turns are read (stat_service_changes locks the same rows again, already held).
    chats := ARRAY(SELECT DISTINCT "conversation_id" FROM new_rows WHERE NOT "robot");
    PERFORM 1 FROM "conversations" WHERE "id" = ANY(chats) AND "talk_type" = 1
    ORDER BY "id" FOR NO KEY UPDATE;
    -- Per chat of the statement whose rows are all received: how many, and the first of them.
    WITH r AS (
      SELECT "conversation_id" AS c, count(*) AS n,
             (array_agg("msg_time" ORDER BY "msg_time", "id"))[1] AS t,
             (array_agg("id" ORDER BY "msg_time", "id"))[1] AS i
      FROM new_rows WHERE NOT "robot"
      GROUP BY "conversation_id" HAVING bool_and("send_side" = 2)
    ),
    f AS (
      SELECT r.c, r.n, k."start_t", k."start_id" FROM r CROSS JOIN LATERAL (
        SELECT k."start_t", k."start_id", k."reply_t" FROM "stat_service_turns" k
        WHERE k."conversation_id" = r.c
        ORDER BY k."start_t" DESC, k."start_id" DESC LIMIT 1) k
      WHERE k."reply_t" IS NULL AND (k."start_t", k."start_id") < (r.t, r.i)
    ),
    u AS (
      UPDATE "stat_service_turns" k SET "n_in" = k."n_in" + f.n::int FROM f
      WHERE k."conversation_id" = f.c AND k."start_t" = f."start_t" AND k."start_id" = f."start_id"
      RETURNING k."conversation_id"
    )
    SELECT array_agg("conversation_id") INTO fast FROM u;
    SELECT array_agg("conversation_id"), array_agg("msg_time"), array_agg("id"),
           array_agg("send_side"), array_agg("sender_user_id"), array_agg(1)
    INTO cs, ts, ids, sides, us, ns FROM new_rows
    WHERE NOT "robot" AND (fast IS NULL OR NOT ("conversation_id" = ANY(fast)));
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("conversation_id"), array_agg("msg_time"), array_agg("id"),
           array_agg("send_side"), array_agg("sender_user_id"), array_agg(-1)
    INTO cs, ts, ids, sides, us, ns FROM old_rows WHERE NOT "robot";
  ELSE
    -- A row whose chat, time, side, seat and robot flag did not change adds -1 and +1 to the
    -- same group and is left out; a changed one leaves its old values at -1, its new at +1.
    SELECT array_agg(x.c), array_agg(x.t), array_agg(x.i), array_agg(x.s), array_agg(x.u), array_agg(x.n)
    INTO cs, ts, ids, sides, us, ns
    FROM (
      SELECT c, t, i, s, u, sum(n)::int AS n FROM (
        SELECT "conversation_id" AS c, "msg_time" AS t, "id" AS i, "send_side" AS s,
               "sender_user_id" AS u, "robot" AS robot, -1 AS n FROM old_rows
        UNION ALL
        SELECT "conversation_id", "msg_time", "id", "send_side", "sender_user_id", "robot", 1
        FROM new_rows
      ) z
      GROUP BY c, t, i, s, u, robot
      HAVING sum(n) <> 0 AND NOT robot
    ) x;
  END IF;
  IF cs IS NOT NULL THEN
    PERFORM stat_service_changes(cs, ts, ids, sides, us, ns);
    PERFORM stat_flow_retime(cs, ts);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "conversation_view_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each old row counts -1 in its view and each new row +1: a row whose view did not change
  -- cancels out (the bump of a batch's chats changes none).
  INSERT INTO "conversation_view_counts" AS vc ("work_account_id", "talk_type", "assignee_uid", "status", "tenant_id", "n")
  SELECT k."work_account_id", k."talk_type", k."assignee_uid", k."status", k."tenant_id", sum(k.d)::int
  FROM (
    SELECT "work_account_id", "talk_type", "assignee_uid", "status", "tenant_id", -1 AS d FROM old_rows
    UNION ALL
    SELECT "work_account_id", "talk_type", "assignee_uid", "status", "tenant_id", 1 AS d FROM new_rows
  ) k
  GROUP BY k."work_account_id", k."talk_type", k."assignee_uid", k."status", k."tenant_id"
  HAVING sum(k.d) <> 0
  ORDER BY k."work_account_id", k."talk_type", k."assignee_uid", k."status"
  ON CONFLICT ("work_account_id", "talk_type", "assignee_uid", "status") DO UPDATE SET "n" = vc."n" + excluded."n";
  RETURN NULL;
END $$;
