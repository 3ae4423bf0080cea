-- The reading streak (decision 0151) reads a member's days with a recorded diary, oldest first.
-- This index holds only those rows, in that order: the read walks the member's diary days and
-- nothing else (no other activity, no table row, no sort). A revoked diary leaves it.
CREATE INDEX activities_member_diary_days ON activities (member_id, activity_date)
  WHERE activity_type = 'diary' AND status = 'recorded';
