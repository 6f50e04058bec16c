-- Decision 057: how a sent letter left (smtp, telegram, or only the log), so «Письма» tells the truth.
ALTER TABLE "outbox" ADD COLUMN "delivered_via" text;
