-- Decision 040: an account's e-mail is confirmed by opening the link of a letter sent to it; from then on the guest
-- orders placed with that e-mail are the account's.
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;
