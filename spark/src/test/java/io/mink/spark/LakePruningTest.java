package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class LakePruningTest {
  @Test
  void comparisonsOfATopLevelColumnWithALiteralConvert() {
    Predicate predicate = new Predicate("AND", new Expression[] {
      new Predicate(
          ">=", new Expression[] {Expressions.column("amount"), Expressions.literal(100L)}),
      new Predicate("OR", new Expression[] {
        new Predicate("=", new Expression[] {
          Expressions.column("status"), Expressions.literal(UTF8String.fromString("paid"))
        }),
        new Predicate("IS_NULL", new Expression[] {Expressions.column("status")})
      })
    });

    assertThat(LakePruning.of(predicate).map(Object::toString))
        .contains("(ref(name=\"amount\") >= 100 and (ref(name=\"status\") == \"paid\" or "
            + "is_null(ref(name=\"status\"))))");
  }

  @Test
  void aNestedFieldADateOrAnExpressionOtherThanAColumnStaysWithSpark() {
    Predicate nested = new Predicate(
        "=", new Expression[] {Expressions.column("order.id"), Expressions.literal(1)});
    Predicate half = new Predicate("AND", new Expression[] {
      new Predicate("=", new Expression[] {Expressions.column("a"), Expressions.literal(1)}),
      new Predicate(
          "STARTS_WITH", new Expression[] {Expressions.column("b"), Expressions.literal(1)})
    });

    Predicate date = new Predicate("=", new Expression[] {
      Expressions.column("day"), new LiteralValue<>(20_000, DataTypes.DateType)
    });

    assertThat(LakePruning.of(nested)).isEmpty();
    assertThat(LakePruning.of(date)).isEmpty();
    assertThat(LakePruning.of(half)).isEmpty();
  }
}
