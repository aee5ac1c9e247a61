package io.mink.indexer.schedule;

import io.mink.tables.TableDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.apache.kafka.common.utils.Utils;

/**
 * The partitions of the ownership topic this instance holds, and the group generation in which it got
 * each. A table belongs to the holder of partition {@code murmur2(name) mod partitionCount}, Kafka's own
 * key hash, so every instance maps a table to the same partition. Immutable.
 *
 * @param generations the held partitions, each with the generation of the assignment that gave it
 * @param partitionCount how many partitions the ownership topic has; 0 before the first assignment
 */
public record OwnedPartitions(Map<Integer, Integer> generations, int partitionCount) {
  public static final OwnedPartitions NONE = new OwnedPartitions(Map.of(), 0);

  public OwnedPartitions {
    generations = Map.copyOf(generations);
    if (partitionCount < 0 || (partitionCount == 0 && !generations.isEmpty())) {
      throw new IllegalArgumentException(
          "Invalid partition count " + partitionCount + " for " + generations);
    }
  }

  /** The partition of the ownership topic that decides who owns the table. */
  public static int partitionOf(String table, int partitionCount) {
    if (partitionCount < 1) {
      throw new IllegalArgumentException(
          "The ownership topic needs a partition, it has " + partitionCount);
    }
    return Utils.toPositive(Utils.murmur2(table.getBytes(StandardCharsets.UTF_8))) % partitionCount;
  }

  /** The tables, in any state, whose ownership partition this instance holds. */
  List<TableDescriptor> ownedOf(List<TableDescriptor> tables) {
    return tables.stream().filter(table -> owns(table.qualifiedName())).toList();
  }

  public boolean owns(String table) {
    return partitionCount > 0 && generations.containsKey(partitionOf(table, partitionCount));
  }

  /** The generation in which this instance got the table's partition; empty when it does not own the table. */
  public OptionalInt generationOf(String table) {
    if (partitionCount == 0) {
      return OptionalInt.empty();
    }
    Integer generation = generations.get(partitionOf(table, partitionCount));
    return generation == null ? OptionalInt.empty() : OptionalInt.of(generation);
  }

  /** These partitions and {@code added}, got in {@code generation}; partitions held already keep their generation. */
  public OwnedPartitions with(Set<Integer> added, int generation, int partitionCount) {
    Map<Integer, Integer> next = new HashMap<>(generations);
    added.forEach(partition -> next.putIfAbsent(partition, generation));
    return new OwnedPartitions(next, partitionCount);
  }

  public OwnedPartitions without(Set<Integer> removed) {
    Map<Integer, Integer> next = new HashMap<>(generations);
    removed.forEach(next::remove);
    return new OwnedPartitions(next, partitionCount);
  }
}
