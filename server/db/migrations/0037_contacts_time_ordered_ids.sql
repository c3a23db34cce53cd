-- UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, the version and variant bits, and 74
-- random bits. Ids made this way sort in the order they were made, so a batch of new rows lands
-- at the right-hand edge of every index that ends in the id instead of at random places in it.
-- PostgreSQL 18 has uuidv7(); this one works on 15 and on the embedded database.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(
      set_bit(
        overlay(uuid_send(gen_random_uuid())
          PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
          FROM 1 FOR 6),
        52, 1),
      53, 1),
    'hex')::uuid
$$;
--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "id" SET DEFAULT uuid_v7();
