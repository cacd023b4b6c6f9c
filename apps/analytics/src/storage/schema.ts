/**
 * The analytics store's one table: every call the service acknowledges becomes one row, appended and
 * never updated (retention and a viewer's deletion are the only deletes). One wide table, columnar,
 * is what an aggregation engine reads fastest: a report scans only the columns it names, filtered by
 * channel and time. The same DDL runs on DuckDB (embedded, the default) and, with its types mapped,
 * on a distributed engine (README).
 *
 * `kind` is the call the row came from; `event` the name within it:
 * - `session`  (`POST /datalake/session/`): ip, device_type, user_agent, resolution, platform;
 * - `event`    (`POST /datalake/event/`): login, visit_page, api_request, and the purchase funnel
 *              (view_buy_page, begin_purchase, begin_checkout, purchase, purchase_success,
 *              purchase_failed) with product_*, amount, currency and, when failed, reason;
 * - `video`    (`POST /datalake/video/event/`): first_frame (with ttff_ms), start, pause, seek, end,
 *              error (with reason);
 * - `viewing`  (`POST /datalake/video/viewing/`): viewing_seconds, tagged with category, sport,
 *              gender, school, league, team.
 */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  channel          VARCHAR     NOT NULL,  -- channel slug, from the profile key (never from the body)
  received_at      TIMESTAMPTZ NOT NULL,  -- when the service received it
  kind             VARCHAR     NOT NULL,  -- session | event | video | viewing
  event            VARCHAR,               -- the name within the kind (NULL for session and viewing)
  session_uuid     VARCHAR     NOT NULL,
  user_id          BIGINT,
  user_email       VARCHAR,
  origin_url       VARCHAR,
  trk              VARCHAR,
  -- session
  ip               VARCHAR,
  device_type      VARCHAR,
  user_agent       VARCHAR,
  resolution       VARCHAR,
  platform         VARCHAR,
  -- video and viewing
  video_view_uuid  VARCHAR,
  stream_id        BIGINT,                -- the event (or clip) watched
  stream_type      VARCHAR,               -- live | vod | vod_media | clip
  stream_title     VARCHAR,
  ttff_ms          DOUBLE,
  viewing_seconds  DOUBLE,
  category         VARCHAR,
  sport            VARCHAR,
  gender           VARCHAR,
  school           VARCHAR,
  league           VARCHAR,
  team             VARCHAR,
  -- purchase funnel
  product_type     VARCHAR,               -- event | package | subscription
  product_id       BIGINT,
  product_name     VARCHAR,
  amount           DECIMAL(12, 2),
  currency         VARCHAR,
  reason           VARCHAR,               -- why a purchase or a playback failed
  extras           JSON
);
`;

/**
 * The channel server's own paid orders: one row per settled charge, as the server tells it
 * (`POST /admin/payment`, with the admin token). Revenue in the reports comes from here only: a
 * browser's `purchase_success` event (the public profile key sends it) counts in the funnel, never
 * as money. The server's charge id is the key, so the server's retries store a charge once. No
 * viewer is named (forgetting a viewer leaves the channel's revenue as it was).
 */
export const PAYMENTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS payments (
  channel          VARCHAR        NOT NULL,  -- channel slug
  payment_id       VARCHAR        NOT NULL,  -- the server's charge (transaction) id
  paid_at          TIMESTAMPTZ    NOT NULL,  -- when the server settled the charge
  received_at      TIMESTAMPTZ    NOT NULL,  -- when the service was told
  order_id         BIGINT,
  product_type     VARCHAR,                  -- event | package | subscription
  product_id       BIGINT,
  product_name     VARCHAR,
  amount           DECIMAL(12, 2) NOT NULL,
  currency         VARCHAR        NOT NULL,
  PRIMARY KEY (channel, payment_id)
);
`;
