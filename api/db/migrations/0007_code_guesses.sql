CREATE TABLE "auth_code_guesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_code_guesses" ADD CONSTRAINT "auth_code_guesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_code_guesses_user_at_idx" ON "auth_code_guesses" USING btree ("user_id","at");