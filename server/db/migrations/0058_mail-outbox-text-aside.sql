-- An email's text and HTML (compressed) go to the table's TOAST table as the email is queued, so
-- that the row the mailer updates twice (its lease, then its sent mark: neither is HOT, both move
-- a column of mail_outbox_pending_idx) is about 150 bytes instead of 1.7 KB: a fifth to a quarter
-- less WAL per order in the store, for the same CPU (bench/README.md, "The mail queue's state
-- changes"; decision 074). Emails queued before keep their bodies in the row.
ALTER TABLE "mail_outbox" SET (toast_tuple_target = 128);
