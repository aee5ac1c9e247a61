package io.mink.query.sql;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;

/**
 * What a statement hands the scan of one table (docs/querying.md, What a statement reads).
 *
 * @param projection the columns the statement can use, in table order; empty for every column
 * @param lakeFilters conjuncts that prune lake files and row groups and filter the tail; inexact, the engine
 *     applies them again
 * @param partitions the Kafka partitions pinned by {@code _kafka_partition} conjuncts (exact); empty for all
 * @param keys how many keys the conjuncts on an upsert table's {@code _kafka_key} pin; 0 when none
 * @param limit rows each split may stop after; empty when the statement needs every row
 */
record Pushdown(
    List<String> projection,
    List<Expression> lakeFilters,
    Optional<Set<Integer>> partitions,
    int keys,
    OptionalLong limit) {
  Pushdown {
    projection = List.copyOf(projection);
    lakeFilters = List.copyOf(lakeFilters);
    requireNonNull(partitions, "partitions is null");
    requireNonNull(limit, "limit is null");
  }

  /** The lake filters as one expression. */
  Expression filter() {
    Expression all = Expressions.alwaysTrue();
    for (Expression conjunct : lakeFilters) {
      all = all.op() == Expression.Operation.TRUE ? conjunct : Expressions.and(all, conjunct);
    }
    return all;
  }
}
