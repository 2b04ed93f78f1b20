CREATE TABLE "form_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"values" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"files_dropped" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submission_files" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"field" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"mails_queued_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "form_submission_files" ADD CONSTRAINT "form_submission_files_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_drafts_expires_idx" ON "form_drafts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "form_submission_files_submission_idx" ON "form_submission_files" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at");