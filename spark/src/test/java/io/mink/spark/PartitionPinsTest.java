package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.junit.jupiter.api.Test;

class PartitionPinsTest {
  private static final Expression PARTITION = Expressions.column("_kafka_partition");

  @Test
  void equalsAndInPinThePartitionsAndTogetherTheirIntersection() {
    Predicate in = new Predicate("IN", new Expression[] {
      PARTITION, Expressions.literal(0), Expressions.literal(2), Expressions.literal(3)
    });
    Predicate equals = new Predicate("=", new Expression[] {PARTITION, Expressions.literal(2)});

    assertThat(PartitionPins.of(new Predicate[] {in})).contains(Set.of(0, 2, 3));
    assertThat(PartitionPins.of(new Predicate[] {in, equals})).contains(Set.of(2));
  }

  @Test
  void otherColumnsAndOtherComparisonsPinNothing() {
    Predicate other = new Predicate(
        "=", new Expression[] {Expressions.column("_kafka_offset"), Expressions.literal(2)});
    Predicate above = new Predicate(">", new Expression[] {PARTITION, Expressions.literal(2)});

    assertThat(PartitionPins.of(new Predicate[] {other, above})).isEmpty();
  }
}
