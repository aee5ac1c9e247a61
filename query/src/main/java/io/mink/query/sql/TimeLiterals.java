package io.mink.query.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.And;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.expressions.Not;
import org.apache.iceberg.expressions.Or;
import org.apache.iceberg.expressions.UnboundPredicate;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Writes the string literals compared with timestamp columns as Iceberg reads them: SQL's {@code '2026-01-31 13:45'}
 * becomes {@code 2026-01-31T13:45}, with {@code +00:00} for a {@code timestamptz} column, as the engine's UTC session
 * compares them. Pure.
 */
final class TimeLiterals {
  private TimeLiterals() {}

  static Expression fit(Expression expression, Schema schema) {
    if (expression instanceof And and) {
      return Expressions.and(fit(and.left(), schema), fit(and.right(), schema));
    }
    if (expression instanceof Or or) {
      return Expressions.or(fit(or.left(), schema), fit(or.right(), schema));
    }
    if (expression instanceof Not not) {
      return Expressions.not(fit(not.child(), schema));
    }
    if (expression instanceof UnboundPredicate<?> predicate && predicate.literals() != null) {
      Types.NestedField field = schema.caseInsensitiveFindField(predicate.ref().name());
      if (field != null && isTimestamp(field.type())) {
        List<Object> values = new ArrayList<>();
        for (Literal<?> literal : predicate.literals()) {
          values.add(
              literal.value() instanceof CharSequence text
                  ? text(text.toString(), field.type())
                  : literal.value());
        }
        return Expressions.predicate(predicate.op(), predicate.ref().name(), values);
      }
    }
    return expression;
  }

  private static boolean isTimestamp(Type type) {
    return type.typeId() == Type.TypeID.TIMESTAMP || type.typeId() == Type.TypeID.TIMESTAMP_NANO;
  }

  private static String text(String text, Type type) {
    boolean utc = type instanceof Types.TimestampType ts
        ? ts.shouldAdjustToUTC()
        : ((Types.TimestampNanoType) type).shouldAdjustToUTC();
    return utc ? LiteralTimes.timestampTz(text) : LiteralTimes.timestamp(text);
  }
}
