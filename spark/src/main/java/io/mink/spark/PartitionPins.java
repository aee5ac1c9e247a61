package io.mink.spark;

import io.mink.schema.KafkaColumns;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * The Kafka partitions a query's predicates pin it to: {@code _kafka_partition = N} and {@code _kafka_partition IN
 * (...)} among the predicates Spark pushes, all of which hold at once. Pure. A scan reads only those partitions;
 * Spark evaluates the predicates on the rows all the same.
 */
final class PartitionPins {
  private PartitionPins() {}

  /** The partitions the predicates allow; empty when none of them pins {@code _kafka_partition}. */
  static Optional<Set<Integer>> of(Predicate[] predicates) {
    Set<Integer> pinned = null;
    for (Predicate predicate : predicates) {
      Optional<Set<Integer>> partitions = partitions(predicate);
      if (partitions.isPresent()) {
        if (pinned == null) {
          pinned = new TreeSet<>(partitions.get());
        } else {
          pinned.retainAll(partitions.get());
        }
      }
    }
    return Optional.ofNullable(pinned);
  }

  private static Optional<Set<Integer>> partitions(Predicate predicate) {
    Expression[] children = predicate.children();
    boolean equalsOrIn = predicate.name().equals("=") || predicate.name().equals("IN");
    if (!equalsOrIn
        || children.length < 2
        || !(children[0] instanceof NamedReference column)
        || column.fieldNames().length != 1
        || !column.fieldNames()[0].equals(KafkaColumns.PARTITION)) {
      return Optional.empty();
    }
    Set<Integer> partitions = new HashSet<>();
    for (int i = 1; i < children.length; i++) {
      if (!(children[i] instanceof Literal<?> literal)
          || !(literal.value() instanceof Integer value)) {
        return Optional.empty();
      }
      partitions.add(value);
    }
    return Optional.of(partitions);
  }
}
