package io.mink.schema.decode;

import java.util.Arrays;

/**
 * Which message of a Protobuf schema a payload was written with, as the wire format says it.
 * Avro and JSON Schema payloads have none.
 */
public sealed interface MessageSelector {
  MessageSelector NONE = new None();

  /** Confluent's message indexes: positions among message types only, top level first; [0] is the first message. */
  record ConfluentIndexes(int[] indexes) implements MessageSelector {
    public ConfluentIndexes {
      indexes = indexes.clone();
    }

    public boolean isFirstMessage() {
      return indexes.length == 0 || (indexes.length == 1 && indexes[0] == 0);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof ConfluentIndexes that && Arrays.equals(indexes, that.indexes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(indexes);
    }

    @Override
    public String toString() {
      return "ConfluentIndexes" + Arrays.toString(indexes);
    }
  }

  /** Glue's message index: the message's position among all messages, nested included, sorted by full name. */
  record GlueMessageIndex(int index) implements MessageSelector {}

  /** No selector: Avro, JSON Schema. */
  record None() implements MessageSelector {}
}
