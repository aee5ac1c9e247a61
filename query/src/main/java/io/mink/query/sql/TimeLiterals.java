package io.mink.query.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
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
 * SQL's timestamp literals ({@code '2026-01-31'}, {@code '2026-01-31 13:45:00.5'}) as the ISO strings Iceberg reads,
 * and the string literals compared with timestamp columns written so: {@code 2026-01-31T13:45}, with {@code +00:00}
 * for a {@code timestamptz} column, as the engine's UTC session compares them. Pure.
 */
final class TimeLiterals {
  private static final Pattern DATE_ONLY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final Pattern OFFSET = Pattern.compile(".*(Z|[+-]\\d{2}(:?\\d{2})?)$");

  /** A timestamp without an offset: {@code 2026-01-31T13:45:00.5}. */
  static String timestamp(String text) {
    String trimmed = text.trim();
    if (DATE_ONLY.matcher(trimmed).matches()) {
      return trimmed + "T00:00:00";
    }
    return trimmed.replaceFirst(" ", "T");
  }

  /** A timestamp with an offset: {@code 2026-01-31T13:45:00.5+00:00} when the literal has none. */
  static String timestampTz(String text) {
    String local = timestamp(text);
    if (!OFFSET.matcher(local.substring(Math.min(local.length(), 10))).matches()) {
      return local + "+00:00";
    }
    return local;
  }

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
    return utc ? timestampTz(text) : timestamp(text);
  }
}
