CREATE TABLE "site_content_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"reason" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
