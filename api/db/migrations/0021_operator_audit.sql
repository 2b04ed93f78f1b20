CREATE TABLE "operator_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operator" text NOT NULL,
	"action" text NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operator_audit_user_idx" ON "operator_audit" USING btree ("user_id","at");