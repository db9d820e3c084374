-- Hand-written (issue 35, inbound): the service rollup's fast path for the common inbound case.
-- A chat's open turn (no answer yet: reply_t is null) is always its last one, and every message
-- of the chat from its start on, robots' left out, is a received one. So received messages
-- inserted after the start of their chat's open turn only add to that turn's count of received
-- messages: its start, day, first-of-day flag, seat and answer stay, nothing is answered, no
-- seat sent anything, the open turns per day and the per-seat figures (which count answered
-- turns only) stay, and no resolution's time changes (those depend on the turns' starts). Such a
-- chat's rows take one UPDATE of n_in; every other row of the statement (sent messages, a chat
-- without an open turn, history arriving before the open turn's start, deletes and updates)
-- takes the exact general path of 0026 / 0043 as before.
--
-- Replaces stat_service_apply (0043); stat_service_changes and stat_flow_retime are unchanged.
CREATE OR REPLACE FUNCTION "stat_service_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cs uuid[]; ts bigint[]; ids bigint[]; sides smallint[]; us uuid[]; ns int[];
        fast uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Writers of one chat take turns: the statement's chats are locked in one order before the
    -- open turns are read (stat_service_changes locks the same rows again, already held).
    PERFORM 1 FROM "conversations"
    WHERE "id" IN (SELECT "conversation_id" FROM new_rows WHERE NOT "robot") AND "talk_type" = 1
    ORDER BY "id" FOR NO KEY UPDATE;
    WITH r AS (
      SELECT c, t, i, n FROM (
        SELECT "conversation_id" AS c, "msg_time" AS t, "id" AS i,
               count(*) OVER w AS n, bool_and("send_side" = 2) OVER w AS rec,
               row_number() OVER (PARTITION BY "conversation_id" ORDER BY "msg_time", "id") AS rn
        FROM new_rows WHERE NOT "robot"
        WINDOW w AS (PARTITION BY "conversation_id")
      ) x WHERE rn = 1 AND rec
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
    SELECT array_agg(x.c), array_agg(x.t), array_agg(x.i), array_agg(x.s), array_agg(x.u), array_agg(x.n)
    INTO cs, ts, ids, sides, us, ns
    FROM old_rows o JOIN new_rows r ON r."id" = o."id"
    CROSS JOIN LATERAL (VALUES
      (o."conversation_id", o."msg_time", o."id", o."send_side", o."sender_user_id", -1, o."robot"),
      (r."conversation_id", r."msg_time", r."id", r."send_side", r."sender_user_id", 1, r."robot")
    ) x(c, t, i, s, u, n, robot)
    WHERE NOT x.robot
      AND (o."conversation_id", o."msg_time", o."send_side", o."sender_user_id", o."robot")
          IS DISTINCT FROM (r."conversation_id", r."msg_time", r."send_side", r."sender_user_id", r."robot");
  END IF;
  IF cs IS NOT NULL THEN
    PERFORM stat_service_changes(cs, ts, ids, sides, us, ns);
    PERFORM stat_flow_retime(cs, ts);
  END IF;
  RETURN NULL;
END $$;
