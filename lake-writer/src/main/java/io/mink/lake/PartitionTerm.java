package io.mink.lake;

import static java.util.Objects.requireNonNull;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.PartitionSpec;

/**
 * One partition field as a user writes it: {@code day(_kafka_timestamp)}, {@code bucket(16, _kafka_key)},
 * {@code truncate(1000000, _kafka_offset)}, {@code identity(col)} or a bare column. Spark's plural
 * names ({@code days}, {@code hours}, ...) are accepted too.
 *
 * @param transform identity, year, month, day, hour, bucket or truncate
 * @param parameter the bucket count or truncate width; 0 for the other transforms
 */
public record PartitionTerm(String transform, int parameter, String column) {
  private static final Pattern COLUMN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern CALL = Pattern.compile("([A-Za-z_]+)\\s*\\((.*)\\)");

  public PartitionTerm {
    requireNonNull(transform, "transform is null");
    requireNonNull(column, "column is null");
  }

  /** Parses one field; the message of the exception says what is expected. */
  public static PartitionTerm parse(String text) {
    String trimmed = text.strip();
    if (COLUMN.matcher(trimmed).matches()) {
      return new PartitionTerm("identity", 0, trimmed);
    }
    Matcher call = CALL.matcher(trimmed);
    if (!call.matches()) {
      throw invalid(text, "expected a column or transform(column)");
    }
    String transform = canonical(call.group(1).toLowerCase(Locale.ROOT));
    String[] arguments = call.group(2).split(",", -1);
    switch (transform) {
      case "identity", "year", "month", "day", "hour" -> {
        if (arguments.length != 1 || !COLUMN.matcher(arguments[0].strip()).matches()) {
          throw invalid(
              text, transform + " takes one column, such as " + transform + "(_kafka_timestamp)");
        }
        return new PartitionTerm(transform, 0, arguments[0].strip());
      }
      case "bucket", "truncate" -> {
        String example = transform.equals("bucket")
            ? "bucket(16, _kafka_key)"
            : "truncate(1000000, _kafka_offset)";
        if (arguments.length != 2 || !COLUMN.matcher(arguments[1].strip()).matches()) {
          throw invalid(text, transform + " takes a number and a column, such as " + example);
        }
        int parameter;
        try {
          parameter = Integer.parseInt(arguments[0].strip());
        } catch (NumberFormatException e) {
          parameter = 0;
        }
        if (parameter <= 0) {
          throw invalid(
              text,
              (transform.equals("bucket") ? "the bucket count" : "the truncate width")
                  + " must be a whole number of at least 1, such as " + example);
        }
        return new PartitionTerm(transform, parameter, arguments[1].strip());
      }
      default -> throw invalid(text, "unknown transform '" + call.group(1) + "'");
    }
  }

  /** Adds this field to a spec under construction. */
  PartitionSpec.Builder addTo(PartitionSpec.Builder builder) {
    return switch (transform) {
      case "identity" -> builder.identity(column);
      case "year" -> builder.year(column);
      case "month" -> builder.month(column);
      case "day" -> builder.day(column);
      case "hour" -> builder.hour(column);
      case "bucket" -> builder.bucket(column, parameter);
      case "truncate" -> builder.truncate(column, parameter);
      default -> throw new IllegalStateException("Unknown transform " + transform);
    };
  }

  @Override
  public String toString() {
    return parameter == 0
        ? transform + "(" + column + ")"
        : transform + "(" + parameter + ", " + column + ")";
  }

  private static String canonical(String transform) {
    return switch (transform) {
      case "years" -> "year";
      case "months" -> "month";
      case "days" -> "day";
      case "hours" -> "hour";
      default -> transform;
    };
  }

  private static IllegalArgumentException invalid(String text, String reason) {
    return new IllegalArgumentException("Invalid partition field '" + text.strip() + "': " + reason
        + ". Use a column or one of identity(col), year(col), month(col), day(col), hour(col), bucket(N, col), "
        + "truncate(W, col)");
  }
}
