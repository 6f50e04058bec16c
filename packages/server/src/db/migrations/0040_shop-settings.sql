-- Decision 060: the shop's settings the owner edits in the back office (one row, the document as JSON: what is missing
-- reads as its default), and the shop's answer under a review or a comment (issue 39 point 9). A new table and
-- nullable columns only: the running version neither reads nor writes them.
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD COLUMN "reply_html" text;
--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD COLUMN "replied_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD COLUMN "replied_by" integer;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reply_html" text;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "replied_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "replied_by" integer;
--> statement-breakpoint
-- The demo pages printed the contacts and requisites as typed copies: where they are still the demo's own words,
-- they become tokens that print the settings in force (a page the owner rewrote is left as it is).
UPDATE "static_pages"
SET "html" = replace(replace(replace("html", '<h2>Телефоны, почта и мессенджер</h2>
<ul>
<li><b>Москва:</b> <a href="tel:+74951204567">+7 (495) 120-45-67</a></li>
<li><b>Бесплатно по России:</b> <a href="tel:+78005551824">+7 (800) 555-18-24</a></li>
<li><b>E-mail:</b> <a href="mailto:info@efir-shop.ru">info@efir-shop.ru</a> — отвечаем в течение рабочего дня</li>
<li><b>Telegram:</b>', '<h2>Телефоны, почта и мессенджер</h2>
<p>{{contacts}}</p>
<ul>
<li><b>Telegram:</b>'), '<li><b>Заказы, доставка, возвраты</b> — <a href="mailto:info@efir-shop.ru">info@efir-shop.ru</a> или <a href="tel:+78005551824">+7 (800) 555-18-24</a>.', '<li><b>Заказы, доставка, возвраты</b> — {{email}} или {{phone:2}}.'), '<h2>Реквизиты</h2>
<div class="table">
<div class="table-row"><div class="table-cell">Полное наименование</div><div class="table-cell">Общество с ограниченной ответственностью «Эфир» (ООО «Эфир»)</div></div>
<div class="table-row"><div class="table-cell">ИНН / КПП</div><div class="table-cell">7700000000 / 770501001</div></div>
<div class="table-row"><div class="table-cell">ОГРН</div><div class="table-cell">1207700000000</div></div>
<div class="table-row"><div class="table-cell">Юридический и почтовый адрес</div><div class="table-cell">115054, г. Москва, ул. Дубининская, д. 57, стр. 2</div></div>
<div class="table-row"><div class="table-cell">Расчётный счёт</div><div class="table-cell">40702810000000000000 в АО «Демобанк», г. Москва</div></div>
<div class="table-row"><div class="table-cell">Корреспондентский счёт</div><div class="table-cell">30101810000000000000</div></div>
<div class="table-row"><div class="table-cell">БИК</div><div class="table-cell">044525000</div></div>
<div class="table-row"><div class="table-cell">E-mail для документов</div><div class="table-cell"><a href="mailto:info@efir-shop.ru">info@efir-shop.ru</a></div></div>
</div>', '<h2>Реквизиты</h2>
<p>{{requisites}}</p>')
WHERE "url" = '/kontakt.html';
--> statement-breakpoint
UPDATE "static_pages"
SET "html" = replace("html", 'ИНН 7700000000, ОГРН 1207700000000', 'ИНН {{inn}}, ОГРН {{ogrn}}')
WHERE "html" LIKE '%ИНН 7700000000, ОГРН 1207700000000%';
