-- Notices (spec §3): notice_type 1 general, 2 event, 3 system; display flag Y/N.
CREATE TABLE notices (
  notice_info_key INTEGER PRIMARY KEY,
  notice_subject  TEXT    NOT NULL CHECK (length(notice_subject) BETWEEN 1 AND 200),
  notice_content  TEXT    NOT NULL,
  notice_type     TEXT    NOT NULL CHECK (notice_type IN ('1', '2', '3')),
  display_yn      TEXT    NOT NULL DEFAULT 'Y' CHECK (display_yn IN ('Y', 'N')),
  view_count      INTEGER NOT NULL DEFAULT 0 CHECK (view_count >= 0),
  reg_date        TEXT    NOT NULL
) STRICT;

CREATE INDEX notices_type_display_date ON notices (notice_type, display_yn, reg_date DESC);
