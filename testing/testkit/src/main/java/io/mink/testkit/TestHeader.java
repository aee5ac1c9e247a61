package io.mink.testkit;

import static java.util.Objects.requireNonNull;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * One Kafka record header as a test produces it.
 *
 * @param key the header key
 * @param value the header value, or null; the array is shared, not copied
 */
public record TestHeader(String key, byte[] value) {
  public TestHeader {
    requireNonNull(key, "key is null");
  }

  public Header toHeader() {
    return new RecordHeader(key, value);
  }
}
