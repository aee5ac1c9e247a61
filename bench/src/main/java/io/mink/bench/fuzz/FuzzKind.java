package io.mink.bench.fuzz;

/** What the generator did to one record's value, with its share of the records in per mille. */
public enum FuzzKind {
  /** A registry-encoded order as its language's library writes it, in one of the wire formats. */
  VALID(400),
  /** Plain UTF-8 text with no schema id. */
  RAW_TEXT(50),
  /** A null value. */
  TOMBSTONE(20),
  /** A valid record with one to three bits flipped anywhere, prefix included. */
  BIT_FLIP(100),
  /** A valid record cut short, down to nothing. */
  TRUNCATED(100),
  /** A valid record with 1 to 16 random bytes after it. */
  EXTENDED(80),
  /** A valid payload under a schema id, GUID or UUID the registry does not have. */
  UNKNOWN_SCHEMA(50),
  /** A valid record whose magic byte (prefix or header) is one no wire format uses. */
  BAD_MAGIC(50),
  /** 0 to 300 random bytes. */
  RANDOM_BYTES(100),
  /** One language's payload under the schema id of another language's schema. */
  WRONG_LANGUAGE(50);

  private final int perMille;

  FuzzKind(int perMille) {
    this.perMille = perMille;
  }

  /** The kind for a draw from 0 to 999. */
  static FuzzKind of(int draw) {
    int upTo = 0;
    for (FuzzKind kind : values()) {
      upTo += kind.perMille;
      if (draw < upTo) {
        return kind;
      }
    }
    throw new IllegalArgumentException("draw " + draw + " is not from 0 to 999");
  }
}
