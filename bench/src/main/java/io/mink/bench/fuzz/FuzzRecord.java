package io.mink.bench.fuzz;

import static java.util.Objects.requireNonNull;

import io.mink.bench.registry.SchemaLanguage;
import io.mink.testkit.TestHeader;
import java.util.List;

/**
 * One generated record. Arrays are shared, not copied.
 *
 * @param orderId the order the valid payload held before any mutation, or -1 when there was none
 * @param key the key bytes, or null
 * @param value the value bytes, or null
 */
public record FuzzRecord(
    FuzzKind kind,
    SchemaLanguage language,
    WireFormat wire,
    long orderId,
    byte[] key,
    byte[] value,
    List<TestHeader> headers) {
  public FuzzRecord {
    requireNonNull(kind, "kind is null");
    requireNonNull(language, "language is null");
    requireNonNull(wire, "wire is null");
    headers = List.copyOf(requireNonNull(headers, "headers is null"));
  }
}
